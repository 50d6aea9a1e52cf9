import { AUDIT_METHOD } from '@contracts/observation-audits';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { OfflineStamp } from '@/components/offline-stamp';
import { monthLabel } from '../session-figures';
import { useValidation } from './api';
import { AgreementTable, HawthorneTable } from './validation-tables';

/**
 * The Validation tab (docs/SCREENS.md 'Observation Audits'): for a hospital's units, or one unit,
 * and a month, how far the sensors agreed with the observers, and how much being watched changed
 * what the sensors count.
 */
export function ValidationTab({ groupId, month }: { groupId: number | null; month: string }) {
  const validation = useValidation(groupId, month);
  if (groupId === null) return <Text c="dimmed">Choose a hospital or a unit.</Text>;
  const units = validation.data?.units ?? [];
  const audited = units.filter((u) => u.sessions > 0);
  return (
    <Stack gap="md">
      <OfflineStamp updatedAt={validation.dataUpdatedAt} hasData={validation.data !== undefined} />
      {validation.error && !validation.data && <LoadError error={validation.error} title="The validation could not be loaded" unavailable="This month's validation has not been loaded on this device yet." />}
      {validation.data && (
        <Text size="sm" role="status">
          {audited.length === 0
            ? `No observation audit in ${monthLabel(month)} on these units.`
            : `${audited.length} of ${units.length} units audited in ${monthLabel(month)}: ${audited.reduce((n, u) => n + u.observed, 0).toLocaleString('en-US')} opportunities observed, ${audited.reduce((n, u) => n + u.matched, 0).toLocaleString('en-US')} matched.`}
        </Text>
      )}
      <Paper withBorder p="md" radius="md" component="section" aria-label="Agreement with the sensors">
        <Title order={2} size="h4" mb="sm">
          Agreement with the sensors
        </Title>
        <AgreementTable units={units} loading={validation.isFetching} />
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-label="The Hawthorne gap">
        <Title order={2} size="h4" mb="sm">
          The Hawthorne gap
        </Title>
        <HawthorneTable units={units} loading={validation.isFetching} />
      </Paper>
      <Stack gap={4} component="section" aria-label="Method">
        {AUDIT_METHOD.map((line) => (
          <Text key={line} size="sm" c="dimmed">
            {line}
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}

