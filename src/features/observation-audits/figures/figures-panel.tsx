import { Stack } from '@mantine/core';
import { useSession } from '@/lib/session-context';
import { monthIn } from '../session-figures';
import { EvidencePack } from './evidence-pack';
import { chosenLocation, FiguresBar } from './figures-bar';
import { LeapfrogTab, type LeapfrogOption } from './leapfrog-tab';
import { ValidationTab } from './validation-tab';

export type FiguresTab = 'validation' | 'leapfrog' | 'evidence';

/**
 * The figures' tabs (docs/SCREENS.md 'Observation Audits'): a hospital or a unit and a month, then
 * the validation, the Leapfrog readiness or the printable evidence pack of that month.
 */
export function FiguresPanel({
  tab,
  locationId,
  month,
  option,
  now,
  onChange,
}: {
  tab: FiguresTab;
  locationId: number | undefined;
  month: string | undefined;
  option: LeapfrogOption;
  now: number;
  onChange: (patch: { locationId?: number; month?: string; option?: LeapfrogOption; tab?: FiguresTab }) => void;
}) {
  const { bootstrap } = useSession();
  const location = chosenLocation(bootstrap.groups, locationId);
  const lastMonth = monthIn(now, location?.timeZone ?? 'UTC');
  const shown = month ?? lastMonth;
  const groupId = location?.id ?? null;
  return (
    <Stack gap="md">
      <FiguresBar location={location} onLocation={(id) => onChange({ locationId: id })} month={shown} lastMonth={lastMonth} onMonth={(m) => onChange({ month: m })} />
      {tab === 'validation' && <ValidationTab groupId={groupId} month={shown} />}
      {tab === 'leapfrog' && <LeapfrogTab groupId={groupId} month={shown} option={option} onOption={(o) => onChange({ option: o })} onEvidence={() => onChange({ tab: 'evidence' })} />}
      {tab === 'evidence' && <EvidencePack groupId={groupId} locationName={location?.name ?? ''} timeZone={location?.timeZone ?? 'UTC'} month={shown} option={option} />}
    </Stack>
  );
}
