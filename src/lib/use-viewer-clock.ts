import { useMemo } from 'react';
import type { Group } from '@contracts/entities';
import { formatDateTimeIn, zoneName } from './format';
import { useSession } from './session-context';

/** The clock a person reads times in, as the session knows them. */
export interface ViewerClock {
  /** The IANA zone. */
  timeZone: string;
  /** The zone as people say it ('Pacific Time'). */
  zoneName: string;
  /** A moment's day and time on this clock, the zone named ('Mar 3, 2026, 2:05:00 AM PST'). */
  format: (at: Date | string | number) => string;
}

/**
 * The viewer's own time zone (docs/PRIVACY.md 'Who viewed my data', docs/SCREENS.md 'Audit Trail'):
 * their home location's, else the device's.
 */
export function viewerTimeZone(groups: readonly Pick<Group, 'id' | 'timeZone'>[], homeGroupId: number | null): string {
  const home = homeGroupId === null ? undefined : groups.find((g) => g.id === homeGroupId);
  return home?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The signed-in viewer's clock (`viewerTimeZone` of the session), for lists that show times in it and name its zone. */
export function useViewerClock(): ViewerClock {
  const { user, bootstrap } = useSession();
  const timeZone = viewerTimeZone(bootstrap.groups, user.groupId);
  return useMemo(() => ({ timeZone, zoneName: zoneName(timeZone), format: (at) => formatDateTimeIn(at, timeZone) }), [timeZone]);
}
