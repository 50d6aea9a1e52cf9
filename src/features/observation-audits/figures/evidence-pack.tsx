import { AUDIT_METHOD, type UnitValidation } from '@contracts/observation-audits';
import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { useSession } from '@/lib/session-context';
import { formatDateTimeIn, zoneName } from '@/lib/format';
import { monthLabel } from '../session-figures';
import { useLeapfrog, useValidation } from './api';
import { IntervalChart, TargetChart } from './figure-charts';
import { gapInPoints, kappaWithInterval, percentWithInterval } from './figure-text';
import type { LeapfrogOption } from './leapfrog-tab';
import { CoverageTable, StatusBadge, UnitReadinessCard } from './leapfrog-units';

const signedPoints = (v: number) => `${v > 0 ? '+' : ''}${Math.round(v * 100)}`.replace('-', '−');

/**
 * One table of the validation, every column at once (paper does not fold); on a phone it scrolls
 * sideways within its own box, the page staying the phone's width.
 */
function ValidationPrintTable({ units }: { units: readonly UnitValidation[] }) {
  return (
    <Table.ScrollContainer minWidth={680} type="native">
      <Table fz="xs" withTableBorder striped aria-label="Validation by unit" style={{ tableLayout: 'fixed', overflowWrap: 'break-word' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="24%">Unit</Table.Th>
            <Table.Th>Observed / matched</Table.Th>
            <Table.Th>Agreement</Table.Th>
            <Table.Th>κ</Table.Th>
            <Table.Th>Sensitivity</Table.Th>
            <Table.Th>PPV</Table.Th>
            <Table.Th>Being watched</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {units.map((u) => (
            <Table.Tr key={u.groupId}>
              <Table.Th scope="row">
                {u.name}
              </Table.Th>
              <Table.Td>
                {u.observed} / {u.matched} (±{u.toleranceSeconds} s)
              </Table.Td>
              <Table.Td>{percentWithInterval(u.agreement)}</Table.Td>
              <Table.Td>{kappaWithInterval(u.kappa)}</Table.Td>
              <Table.Td>{percentWithInterval(u.sensitivity)}</Table.Td>
              <Table.Td>{percentWithInterval(u.positivePredictiveValue)}</Table.Td>
              <Table.Td>{gapInPoints(u.hawthorne.watchedGap)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The evidence pack (docs/SCREENS.md 'Observation Audits'): one page per hospital (or unit) and
 * month, ready to print or save as PDF from the browser: the Leapfrog readiness with its coverage,
 * the validation and the Hawthorne gap with their charts, and the method in words. The charts are
 * plain SVG, so the printout has them as the screen does.
 */
export function EvidencePack({ groupId, locationName, timeZone, month, option }: { groupId: number | null; locationName: string; timeZone: string; month: string; option: LeapfrogOption }) {
  const { user } = useSession();
  const leapfrog = useLeapfrog(groupId, month, option);
  const validation = useValidation(groupId, month);
  if (groupId === null) return <Text c="dimmed">Choose a hospital or a unit.</Text>;
  const error = (!leapfrog.data && leapfrog.error) || (!validation.data && validation.error);
  if (error) return <LoadError error={error} title="The evidence pack could not be loaded" unavailable="This month's evidence has not been loaded on this device yet." />;
  if (!leapfrog.data || !validation.data) return <Text c="dimmed">Loading the evidence pack…</Text>;
  const readiness = leapfrog.data;
  const units = validation.data.units;
  const audited = units.filter((u) => u.matched > 0);
  return (
    <Stack gap="lg" maw={760} data-testid="evidence-pack">
      <Group justify="space-between" wrap="wrap" data-print="hide">
        <Text size="sm" c="dimmed">
          Print it, or save it as PDF, from the browser.
        </Text>
        <Button mih={44} onClick={() => window.print()}>
          Print
        </Button>
      </Group>
      <Stack gap={4}>
        <Title order={2}>
          Hand hygiene monitoring evidence: {locationName}, {monthLabel(month)}
        </Title>
        <Text size="sm" c="dimmed">
          Leapfrog option {option}. Prepared {formatDateTimeIn(Date.now(), timeZone)} ({zoneName(timeZone)}) by {user.name}.
        </Text>
      </Stack>

      <Stack gap="sm" component="section" aria-label="Leapfrog readiness">
        <Group gap="sm">
          <Title order={3} size="h4">
            Leapfrog readiness
          </Title>
          <StatusBadge status={readiness.status} />
        </Group>
        <Text size="sm">{readiness.summary}</Text>
        {readiness.units.length > 0 && (
          <TargetChart title="Monitored opportunities per unit against the target" rows={readiness.units.map((u) => ({ label: u.unit, value: u.opportunities }))} target={readiness.units[0]?.target ?? 0} />
        )}
        {readiness.units.map((u) => (
          <UnitReadinessCard key={u.groupId} unit={u} />
        ))}
        {readiness.units.length > 0 && <CoverageTable units={readiness.units} />}
      </Stack>

      <Stack gap="sm" component="section" aria-label="Validation of the sensors" style={{ breakBefore: 'page' }}>
        <Title order={3} size="h4">
          Validation of the sensors by observation
        </Title>
        <Text size="sm">
          {audited.length} of {units.length} units validated: {audited.reduce((n, u) => n + u.matched, 0)} observed opportunities matched to the sensors.
        </Text>
        <IntervalChart
          title="Cohen's κ per unit with its 95 % interval"
          rows={units.map((u) => ({ label: u.name, value: u.kappa.value, low: u.kappa.low, high: u.kappa.high }))}
          min={-1}
          max={1}
          ticks={[-1, -0.5, 0, 0.5, 1]}
          format={(v) => v.toFixed(2).replace('-', '−')}
        />
        <IntervalChart
          title="Being watched: the sensors' compliance during sessions less the unobserved hours', percentage points"
          rows={units.map((u) => ({ label: u.name, value: u.hawthorne.watchedGap.value, low: u.hawthorne.watchedGap.low, high: u.hawthorne.watchedGap.high }))}
          min={-1}
          max={1}
          ticks={[-1, -0.5, 0, 0.5, 1]}
          format={signedPoints}
        />
        <ValidationPrintTable units={units} />
      </Stack>

      <Stack gap={4} component="section" aria-label="Method">
        <Title order={3} size="h4">
          Method
        </Title>
        {AUDIT_METHOD.map((line) => (
          <Text key={line} size="sm">
            {line}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
