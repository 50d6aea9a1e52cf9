import { LEAPFROG_TARGETS } from '@contracts/observation-audits';
import { Button, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { OfflineStamp } from '@/components/offline-stamp';
import { monthLabel } from '../session-figures';
import { useLeapfrog } from './api';
import { CoverageTable, StatusBadge, UnitReadinessList } from './leapfrog-units';

export type LeapfrogOption = '1' | '2';

/** The option's choice: '1' monitoring alone (200 a month), '2' with the standard's four other domains (100). */
export function OptionControl({ option, onOption }: { option: LeapfrogOption; onOption: (option: LeapfrogOption) => void }) {
  return (
    <SegmentedControl
      aria-label="Leapfrog option"
      value={option}
      onChange={(value) => onOption(value === '2' ? '2' : '1')}
      data={[
        { value: '1', label: `Option 1 · ${LEAPFROG_TARGETS[1]} a month` },
        { value: '2', label: `Option 2 · ${LEAPFROG_TARGETS[2]} a month` },
      ]}
      data-print="hide"
    />
  );
}

/**
 * The Leapfrog tab (docs/SCREENS.md 'Observation Audits'): each patient care unit's month against
 * the standard's monitoring measure, the hospital's status, and the way to the printable evidence pack.
 */
export function LeapfrogTab({ groupId, month, option, onOption, onEvidence }: { groupId: number | null; month: string; option: LeapfrogOption; onOption: (option: LeapfrogOption) => void; onEvidence: () => void }) {
  const leapfrog = useLeapfrog(groupId, month, option);
  if (groupId === null) return <Text c="dimmed">Choose a hospital or a unit.</Text>;
  const data = leapfrog.data;
  return (
    <Stack gap="md">
      <OptionControl option={option} onOption={onOption} />
      <OfflineStamp updatedAt={leapfrog.dataUpdatedAt} hasData={data !== undefined} />
      {leapfrog.error && !data && <LoadError error={leapfrog.error} title="The Leapfrog readiness could not be loaded" unavailable="This month's readiness has not been loaded on this device yet." />}
      {data && (
        <>
          <Paper withBorder p="md" radius="md" component="section" aria-label="Readiness" aria-busy={leapfrog.isFetching}>
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2}>
                <Text fw={600}>{monthLabel(month)}</Text>
                <Text size="sm" role="status">
                  {data.summary}
                </Text>
              </Stack>
              <Group gap="sm">
                <StatusBadge status={data.status} />
                <Button variant="light" mih={44} onClick={onEvidence}>
                  Evidence pack
                </Button>
              </Group>
            </Group>
          </Paper>
          <UnitReadinessList units={data.units} />
          {data.units.length > 0 && <CoverageTable units={data.units} />}
        </>
      )}
    </Stack>
  );
}
