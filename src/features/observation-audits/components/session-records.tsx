import { Box, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { PendingMark } from '@/components/pending-mark';
import { formatTimeIn } from '@/lib/format';
import { usePendingEdits } from '@/offline/use-outbox';
import type { StoredObservation } from '../audit-store';
import { ACTION_WORDS, AUDIT_OBSERVATION, type ObservationPayload } from '../outbox-handlers';
import { percentText, tallyOf } from '../session-figures';
import { indicationText } from './indication-pad';

/** How many of the latest records the session screen lists. */
export const LAST_RECORDS_SHOWN = 8;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="xs" ta="center" role="group" aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl" data-figure>
        {value}
      </Text>
    </Paper>
  );
}

/**
 * The session's running count and its latest records, newest first, each marked while it waits in
 * the outbox; Undo last takes back the latest.
 */
export function SessionRecords({ records, timeZone, onUndo }: { records: readonly StoredObservation[]; timeZone: string; onUndo: () => void }) {
  const tally = tallyOf(records);
  const queued = usePendingEdits<ObservationPayload>([AUDIT_OBSERVATION]);
  const stateOf = (clientId: string) => queued.find((item) => item.payload.body.clientId === clientId);
  const latest = records.slice(-LAST_RECORDS_SHOWN).reverse();

  return (
    <Stack gap="sm">
      <SimpleGrid cols={3} spacing="xs" role="status" aria-label="Session count">
        <Figure label="Opportunities" value={String(tally.opportunities)} />
        <Figure label="Compliant" value={String(tally.compliant)} />
        <Figure label="Compliance" value={percentText(tally.percent)} />
      </SimpleGrid>
      <Group justify="space-between" wrap="nowrap">
        <Text component="h2" fw={600} size="sm">
          Last records
        </Text>
        <Button variant="default" mih={44} onClick={onUndo} disabled={records.length === 0}>
          Undo last
        </Button>
      </Group>
      {latest.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing recorded yet in this session.
        </Text>
      ) : (
        <Stack gap={4} component="ol" aria-label="Last records" p={0} m={0} style={{ listStyle: 'none' }}>
          {latest.map((record) => {
            const item = stateOf(record.clientId);
            return (
              <Paper key={record.clientId} component="li" withBorder px="sm" py={6}>
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500}>
                      {indicationText(record.indication)} · {ACTION_WORDS[record.action]}
                      {record.gloves ? ' · gloves' : ''}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {formatTimeIn(record.observedAt, timeZone)} · {record.personName ?? 'Unknown'} · {record.roomName ?? 'No room'}
                    </Text>
                  </Stack>
                  <Box style={{ flexShrink: 0 }}>
                    <PendingMark state={item?.status ?? null} error={item?.lastError ?? null} fallback="The server refused this record." />
                  </Box>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
