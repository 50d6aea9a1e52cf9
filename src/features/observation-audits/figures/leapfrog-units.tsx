import type { UnitReadinessRow } from '@contracts/observation-audits';
import { Badge, Group, List, Paper, Stack, Table, Text } from '@mantine/core';

// Each patient care unit's Leapfrog month (docs/METRICS.md '13. Leapfrog readiness'), its gaps
// and thin spots in the server's words; shown on the Leapfrog tab and printed in the evidence pack.

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

export function StatusBadge({ status }: { status: 'Complete' | 'Gap' }) {
  return (
    <Badge color={status === 'Complete' ? 'teal' : 'orange'} variant="light" size="lg">
      {status}
    </Badge>
  );
}

const kappaText = (k: number | null) => (k === null ? 'no κ' : `κ ${k.toFixed(2).replace('-', '−')}`);

/** A unit's month: its status, monitored opportunities against the target, the gaps and thin spots, the validation. */
export function UnitReadinessCard({ unit }: { unit: UnitReadinessRow }) {
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={unit.unit} style={{ breakInside: 'avoid' }}>
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Text fw={600}>{unit.unit}</Text>
        <StatusBadge status={unit.status} />
      </Group>
      <Text size="sm">
        {unit.opportunities.toLocaleString('en-US')} of {unit.target} opportunities monitored · validation: {unit.validation.sessions} session{unit.validation.sessions === 1 ? '' : 's'}, {unit.validation.matched} matched,{' '}
        {kappaText(unit.validation.kappa)}
      </Text>
      {unit.gaps.length > 0 && (
        <List size="sm" mt="xs" c="orange.9" aria-label={`Gaps of ${unit.unit}`}>
          {unit.gaps.map((g) => (
            <List.Item key={g}>{g}</List.Item>
          ))}
        </List>
      )}
      {unit.thin.length > 0 && (
        <List size="sm" mt="xs" c="dimmed" aria-label={`Thin coverage of ${unit.unit}`}>
          {unit.thin.map((t) => (
            <List.Item key={t}>{t}</List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}

/** Monitored opportunities per unit by shift and weekday: where the coverage is thin. */
export function CoverageTable({ units }: { units: readonly UnitReadinessRow[] }) {
  return (
    <Table.ScrollContainer minWidth={720} type="native">
      <Table fz="xs" striped withTableBorder aria-label="Coverage by shift and weekday" style={{ tableLayout: 'fixed', overflowWrap: 'break-word' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="28%">Unit</Table.Th>
            <Table.Th ta="right">Day</Table.Th>
            <Table.Th ta="right">Night</Table.Th>
            {WEEKDAYS.map((d) => (
              <Table.Th key={d} ta="right">
                {d}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {units.map((u) => (
            <Table.Tr key={u.groupId}>
              <Table.Th scope="row">
                {u.unit}
              </Table.Th>
              <Table.Td ta="right">{u.byShift.Day ?? 0}</Table.Td>
              <Table.Td ta="right">{u.byShift.Night ?? 0}</Table.Td>
              {WEEKDAYS.map((d, i) => (
                <Table.Td key={d} ta="right">
                  {u.byWeekday[i] ?? 0}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The units, one card each. */
export function UnitReadinessList({ units }: { units: readonly UnitReadinessRow[] }) {
  return (
    <Stack gap="sm" component="section" aria-label="Patient care units">
      {units.map((u) => (
        <UnitReadinessCard key={u.groupId} unit={u} />
      ))}
    </Stack>
  );
}
