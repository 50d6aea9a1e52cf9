import { ActionIcon, Group, Paper, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/** Shown under a figure whose comparison is left out (docs/SCREENS.md 'Display'). */
export const NO_COMPARISON = 'Comparisons are omitted if the range exceeds 6 months.';

/**
 * One figure of a report: its label with an optional definition, the value, and its change
 * against the preceding period ('+3 pts' green when better; omitted when null).
 */
export function StatCard({
  label,
  value,
  delta,
  definition,
  better = 'up',
  loading = false,
  comparable = true,
}: {
  label: string;
  value: ReactNode;
  /** Signed text of the change, or null when there is none to show. */
  delta?: { text: string; sign: number } | null;
  definition?: string;
  /** Which direction of change is good (colours the delta). */
  better?: 'up' | 'down' | 'none';
  loading?: boolean;
  /** False when the range exceeds six months: the card says so instead of a delta. */
  comparable?: boolean;
}) {
  const good = delta && better !== 'none' && delta.sign !== 0 ? (better === 'up' ? delta.sign > 0 : delta.sign < 0) : null;
  return (
    <Paper withBorder radius="md" p="md" aria-label={label} component="section">
      <Stack gap={4}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {definition && (
            <Tooltip label={definition} multiline w={240} events={{ hover: true, focus: true, touch: true }}>
              <ActionIcon variant="light" color="gray" size="sm" radius="xl" aria-label={`About ${label}: ${definition}`}>
                <span aria-hidden style={{ fontWeight: 700, fontStyle: 'italic', fontFamily: 'Georgia, serif' }}>
                  i
                </span>
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        {loading ? (
          <Skeleton h={34} w="60%" />
        ) : (
          <Text fz={28} fw={700} lh={1.2} data-testid="stat-value">
            {value}
          </Text>
        )}
        {!loading &&
          (comparable ? (
            delta && (
              <Text size="sm" c={good === null ? 'dimmed' : good ? 'teal.8' : 'red.8'} data-testid="stat-delta">
                {delta.text} vs previous period
              </Text>
            )
          ) : (
            <Text size="xs" c="dimmed">
              {NO_COMPARISON}
            </Text>
          ))}
      </Stack>
    </Paper>
  );
}
