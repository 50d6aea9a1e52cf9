import type { DeviceType } from '@contracts/devices';
import type { UnresponsiveDevice } from '@contracts/unresponsive-devices';
import { addDays, earliestSelectableDay } from '@/components/filters';
import type { UnresponsiveSearch } from './unresponsive-search';

/** The device types as the filter offers them. */
export const DEVICE_TYPE_LABELS: Record<DeviceType, string> = {
  BEACON: 'Beacon',
  DISPENSER: 'Dispenser',
  GATEWAY: 'Gateway',
  WRISTBAND: 'Wristband',
  BADGE: 'Badge',
  TABLET: 'Tablet',
};

/** What the page shows: the address read against the session's locations and today. */
export interface UnresponsiveFilters {
  /** The chosen locations, each with its subtree; empty is every location in scope. */
  groupIds: number[];
  deviceType: DeviceType | null;
  search: string;
  startDate: string;
  endDate: string;
}

/**
 * The default range: yesterday and today (UTC). A device listed then has sent nothing since the
 * start of yesterday, so it has been silent for more than a day, past the 24-hour mark of the
 * heartbeat health (docs/SCREENS.md 'Unresponsive Devices').
 */
export function defaultRange(today: string): { startDate: string; endDate: string } {
  return { startDate: addDays(today, -1), endDate: today };
}

/**
 * The filters an address asks for: locations the user cannot open are left out (none left: every
 * location); dates count only as a pair, in order, inside what the picker offers
 * ([earliestSelectableDay(today), today]), else the default range.
 */
export function resolveUnresponsiveFilters(search: UnresponsiveSearch, accessibleGroupIds: ReadonlySet<number>, today: string): UnresponsiveFilters {
  const { startDate, endDate } = search;
  const datesValid = !!startDate && !!endDate && startDate <= endDate && startDate >= earliestSelectableDay(today) && endDate <= today;
  return {
    groupIds: (search.groupIds ?? []).filter((id) => accessibleGroupIds.has(id)),
    deviceType: search.deviceType ?? null,
    search: search.search ?? '',
    ...(datesValid ? { startDate, endDate } : defaultRange(today)),
  };
}

/** Whether a MAC contains `word`, in any case, written with or without its colons ('aa:bb', 'AABB'). */
function macContains(mac: string, word: string): boolean {
  const bare = word.replace(/[^0-9a-z]/gi, '').toUpperCase();
  return mac.includes(word.toUpperCase()) || (bare !== '' && mac.replace(/:/g, '').includes(bare));
}

/** The devices of the chosen type whose name or MAC holds every word of the search. */
export function filterDevices(rows: readonly UnresponsiveDevice[], filters: Pick<UnresponsiveFilters, 'deviceType' | 'search'>): UnresponsiveDevice[] {
  const words = filters.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter(
    (row) =>
      (filters.deviceType === null || row.type === filters.deviceType) &&
      words.every((word) => row.name.toLowerCase().includes(word) || macContains(row.mac, word)),
  );
}
