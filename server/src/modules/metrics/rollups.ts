import { sql, type SQL } from 'drizzle-orm';
import { type DayRange, notExcluded, type ReportFilter } from './filters';

// A range's compliance and hygiene rows, read from the weekly sums for its whole UTC weeks and from
// the daily rows for the days outside them: a 90-day range reads about a fifth of the rows its
// days hold. Both relations have the daily tables' columns without the day.

const DAY_MS = 86_400_000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

/** A range as whole weeks (each named by its Monday, from `first` to `last`) and the days around them. */
export interface WeekSplit {
  weeks: { first: string; last: string } | null;
  /** Spans of days outside the whole weeks, each `start`..`end` inclusive; at most two. */
  days: { start: string; end: string }[];
}

/** Splits `start`..`end` (inclusive UTC days) into the whole Monday-to-Sunday weeks it holds and the rest. */
export function splitWeeks(range: Pick<DayRange, 'start' | 'end'>): WeekSplit {
  const start = dayMs(range.start);
  const end = dayMs(range.end);
  // 1970-01-01 was a Thursday: (days since the epoch + 3) mod 7 is the days since Monday.
  const sinceMonday = (ms: number) => (((Math.round(ms / DAY_MS) + 3) % 7) + 7) % 7;
  const firstMonday = start + ((7 - sinceMonday(start)) % 7) * DAY_MS;
  const lastMonday = end - ((sinceMonday(end) + 1) % 7) * DAY_MS - 6 * DAY_MS;
  if (lastMonday < firstMonday) return { weeks: null, days: [{ start: range.start, end: range.end }] };
  const days: WeekSplit['days'] = [];
  if (firstMonday > start) days.push({ start: range.start, end: isoDay(firstMonday - DAY_MS) });
  if (lastMonday + 7 * DAY_MS <= end) days.push({ start: isoDay(lastMonday + 7 * DAY_MS), end: range.end });
  return { weeks: { first: isoDay(firstMonday), last: isoDay(lastMonday) }, days };
}

function rowsOf(range: Pick<DayRange, 'start' | 'end'>, weekly: string, daily: string, columns: SQL): SQL {
  const split = splitWeeks(range);
  const parts: SQL[] = [];
  if (split.weeks) {
    parts.push(sql`select ${columns} from ${sql.identifier(weekly)} where week between ${split.weeks.first}::date and ${split.weeks.last}::date`);
  }
  for (const span of split.days) {
    parts.push(sql`select ${columns} from ${sql.identifier(daily)} where day between ${span.start}::date and ${span.end}::date`);
  }
  return sql.join(parts, sql` union all `);
}

/**
 * compliance_daily's rows of the range without the day: user_id, group_id and the sums. With
 * excluded location-days, the daily rows alone, those days left out.
 */
export function complianceRows(range: Pick<DayRange, 'start' | 'end'>, filter?: Pick<ReportFilter, 'excludedDays'>): SQL {
  if (filter?.excludedDays?.length) {
    return sql`select user_id, group_id, entry_opportunities, entry_compliant, exit_opportunities, exit_compliant, visit_count, visit_seconds
               from compliance_daily where day between ${range.start}::date and ${range.end}::date
                 and ${notExcluded(filter, sql`group_id`, sql`day`)}`;
  }
  return rowsOf(
    range,
    'compliance_weekly',
    'compliance_daily',
    sql`user_id, group_id, entry_opportunities, entry_compliant, exit_opportunities, exit_compliant, visit_count, visit_seconds`,
  );
}

/** hygiene_daily's rows of the range without the day: user_id, group_id, wash_type and the sums (duration_sum in double precision). */
export function hygieneRows(range: Pick<DayRange, 'start' | 'end'>): SQL {
  return rowsOf(range, 'hygiene_weekly', 'hygiene_daily', sql`user_id, group_id, wash_type, wash_count, duration_sum::float8 as duration_sum, duration_count`);
}
