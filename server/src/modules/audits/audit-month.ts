import { localToUtc } from '../../core/zoned-time';

// A calendar month on a unit's clock (docs/METRICS.md '13. Leapfrog readiness'): the audits'
// figures are given per unit and month.

const DAY_MS = 86_400_000;

/** The instants month `YYYY-MM` begins and (exclusive) ends on the clocks of `timeZone`. */
export function monthBounds(month: string, timeZone: string): { from: Date; to: Date } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const firstDay = Date.UTC(year, m - 1, 1) / DAY_MS;
  const nextFirstDay = Date.UTC(year, m, 1) / DAY_MS;
  return { from: new Date(localToUtc(timeZone, firstDay, 0)), to: new Date(localToUtc(timeZone, nextFirstDay, 0)) };
}
