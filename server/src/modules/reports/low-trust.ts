import type { Database } from '../../db/client';
import type { ReportFilter } from '../metrics/filters';
import { dayLevel, inputLevels } from '../metrics/trust';
import { trustFigures } from '../metrics/trust.repo';
import { locationsOf } from './trust.repo';

/**
 * The filter with its low-trust location-days left out (docs/METRICS.md 'Data trust'): the same
 * location-days the trust badge of the same filters counts as Low.
 */
export async function withoutLowTrust(db: Database, filter: ReportFilter, exclude: boolean, now: Date = new Date()): Promise<ReportFilter> {
  if (!exclude) return filter;
  const groupIds = await locationsOf(db, filter.groupIds, filter.organizationIds);
  const figures = await trustFigures(db, groupIds, filter.range, now);
  const excludedDays = figures.filter((f) => dayLevel(inputLevels(f)) === 'LOW').map((f) => ({ groupId: f.groupId, day: f.day }));
  return { ...filter, excludedDays };
}
