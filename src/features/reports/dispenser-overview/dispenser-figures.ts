import type { FilterState } from '../filters/filter-state';

/** What each dispenser figure means, as the cards' tooltips say it (docs/METRICS.md 'Dispensers'). */
export const DISPENSER_DEFINITIONS = {
  dispenseCount: 'Dispenser activations in the range, credited to a wearer or to nobody.',
  hourlyDispenses: 'Dispenses per hour of the range.',
  peakActivityHour: 'The local hour of day with the most dispenses.',
  activeDispensers: 'Dispensers with at least one dispense in the range.',
} as const;

/** A local hour of day as the screens write it ('7 AM', '12 PM'); '—' for none. */
export function formatHour(hour: number | null): string {
  if (hour === null) return '—';
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * The dispenser calls' query: always a location view (a dispense credited to nobody has no
 * organization, docs/METRICS.md 'Dispensers'), so only the locations and the range are sent.
 */
export function dispenserQuery(filters: Pick<FilterState, 'groupIds' | 'startDate' | 'endDate'>) {
  return { groupIds: filters.groupIds, startDate: filters.startDate, endDate: filters.endDate, view: 'loc' as const };
}
export type DispenserQuery = ReturnType<typeof dispenserQuery>;
