import type { FilterState } from '../filters/filter-state';

/**
 * The query of the staff and bed lists: the chosen locations (where the visits happened) and the
 * chosen organizations (whose staff made them), the range and the name search.
 */
export function roundingListQuery(filters: Pick<FilterState, 'organizationIds' | 'groupIds' | 'startDate' | 'endDate' | 'search'>) {
  return {
    organizationIds: [] as number[],
    organizationIdFilters: filters.organizationIds,
    groupIds: filters.groupIds,
    groupIdFilters: [] as number[],
    startDate: filters.startDate,
    endDate: filters.endDate,
    view: 'loc' as const,
    search: filters.search || undefined,
  };
}
export type RoundingListQuery = ReturnType<typeof roundingListQuery>;

/**
 * The time zone the chosen locations and those under them share, or null when they span several
 * (or none is known): the clock of a report of those locations (docs/METRICS.md 'Ranges, days and time zones').
 */
export function sharedTimeZone(
  groupIds: readonly number[],
  groups: readonly { id: number; timeZone: string; parentId?: number | null }[],
): string | null {
  const chosen = new Set(groupIds);
  // A location under a chosen one is chosen too, as the reports count it.
  for (let grew = true; grew; ) {
    grew = false;
    for (const g of groups) {
      if (!chosen.has(g.id) && g.parentId != null && chosen.has(g.parentId)) {
        chosen.add(g.id);
        grew = true;
      }
    }
  }
  const zones = new Set(groups.filter((g) => chosen.has(g.id)).map((g) => g.timeZone));
  return zones.size === 1 ? ([...zones][0] ?? null) : null;
}

const visitClocks = new Map<string, Intl.DateTimeFormat>();

/** A visit's entry time as the clocks of `timeZone` read it ('Nov 21, 7:03 AM PST'); UTC when unknown. */
export function formatVisitTime(at: string, timeZone: string | null): string {
  const zone = timeZone ?? 'UTC';
  let clock = visitClocks.get(zone);
  if (!clock) {
    const options = { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
    try {
      clock = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    } catch {
      clock = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    visitClocks.set(zone, clock);
  }
  return clock.format(new Date(at));
}
