import type { AuditUnit } from '@contracts/observation-audits';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { LoadError } from '@/components/load-error';
import { zoneName } from '@/lib/format';
import { Loading } from './loading';
import { UnitSelect } from './unit-select';

export interface StartSessionProps {
  units: readonly AuditUnit[] | undefined;
  error: Error | null;
  unit: AuditUnit | null;
  onUnit: (unit: AuditUnit) => void;
  onStart: (unit: AuditUnit) => void;
  busy: boolean;
}

/**
 * Before a session: the unit to watch (from GET /audits/units, kept on the device) and Start
 * session. The session starts at the tap, offline as well as online.
 */
export function StartSession({ units, error, unit, onUnit, onStart, busy }: StartSessionProps) {
  if (units === undefined) {
    return error ? <LoadError error={error} unavailable="The units you may audit have not been loaded on this device yet." /> : <Loading label="Loading units…" />;
  }
  if (units.length === 0) {
    return (
      <Alert color="gray" variant="light" title="No unit to audit">
        No patient care unit is in your scope. Ask your administrator for access to the units you observe.
      </Alert>
    );
  }
  return (
    <Stack gap="md" maw={480}>
      <UnitSelect units={units} value={unit?.id ?? null} onChange={onUnit} />
      {unit && (
        <Text size="sm" c="dimmed">
          {unit.rooms.length} rooms · {unit.staff.length} staff · times in {zoneName(unit.timeZone)} ({unit.timeZone})
        </Text>
      )}
      <Button size="lg" mih={52} fullWidth disabled={!unit} loading={busy} onClick={() => unit && onStart(unit)}>
        Start session
      </Button>
    </Stack>
  );
}
