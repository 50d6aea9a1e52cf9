import { sql, type SQL } from 'drizzle-orm';
import type { ActivityLevel, DispenserOverview, DispenserRankingRow } from '../../contracts/reports/dispensers';
import type { Database } from '../../db/client';
import { DISPENSE_HOUR_COLUMNS } from '../../db/enums';
import { dayBetween, type DayRange, delta, type ReportFilter } from '../metrics/filters';
import { idIn } from '../../core/sql';
import { DAY_SHIFT_HOURS } from '../../core/shifts';

// Dispenser figures of docs/METRICS.md 'Dispensers', read from the dispense_daily rollup (one row per UTC
// day and dispenser, its count split by local hour of the dispenser's location). A dispense
// belongs to the location it happened in (the rollup's group_id), wherever the dispenser is now.

/** Activity-level thresholds on count ÷ the largest count: low below the first, medium below the second. */
export const ACTIVITY_THRESHOLDS = { medium: 0.333, high: 0.667 } as const;

type HourRow = Record<(typeof DISPENSE_HOUR_COLUMNS)[number], number | string | null>;

/** `coalesce(sum(<alias>.hNN), 0)::int as hNN` for every hour column (names are constants). */
const summedHours = (alias: string) =>
  sql.raw(DISPENSE_HOUR_COLUMNS.map((h) => `coalesce(sum(${alias}.${h}), 0)::int as ${h}`).join(', '));
/** The same 24 counts straight from raw events, by the local hour of the event's location. */
const scannedHours = sql.raw(
  DISPENSE_HOUR_COLUMNS.map((h, i) => `count(*) filter (where extract(hour from e.ts at time zone g.time_zone) = ${i})::int as ${h}`).join(', '),
);
const hoursOf = (row: Partial<HourRow> | undefined): number[] => DISPENSE_HOUR_COLUMNS.map((h) => Number(row?.[h] ?? 0));

/** The local hour with the most dispenses, the earliest on ties; null with none. */
export function peakHour(hours: readonly number[]): number | null {
  let best: number | null = null;
  let most = 0;
  for (let h = 0; h < hours.length; h++) {
    const n = hours[h] ?? 0;
    if (n > most) {
      best = h;
      most = n;
    }
  }
  return best;
}

/** An hour of day as the screens write it: 0 → '12 AM', 13 → '1 PM'. */
export function hourLabel(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The activity level of a count against the largest count of the set shown (docs/METRICS.md 'Dispensers'). */
export function activityLevel(count: number, max: number): ActivityLevel {
  if (count <= 0 || max <= 0) return 'None';
  const ratio = count / max;
  if (ratio < ACTIVITY_THRESHOLDS.medium) return 'Low';
  if (ratio < ACTIVITY_THRESHOLDS.high) return 'Medium';
  return 'High';
}

/** The raw sums of one range that the overview is computed from. */
export interface DispenseTotals {
  dispenseCount: number;
  activeDispensers: number;
  /** Dispenses per local hour of day, 0–23. */
  hours: number[];
}

type TotalsRow = Partial<HourRow> & { n: number | string; active: number | string };
const toTotals = (row: TotalsRow | undefined): DispenseTotals => ({
  dispenseCount: Number(row?.n ?? 0),
  activeDispensers: Number(row?.active ?? 0),
  hours: hoursOf(row),
});

/** Dispenses, active dispensers and hour-of-day counts of the locations over a range, from the rollup. */
export async function dispenseTotals(db: Database, groupIds: readonly number[], range: DayRange): Promise<DispenseTotals> {
  const result = await db.execute<TotalsRow>(sql`
    select coalesce(sum(d.dispense_count), 0)::int as n,
           count(distinct d.dispenser_id) filter (where d.dispense_count > 0)::int as active,
           ${summedHours('d')}
    from dispense_daily d
    where ${dayBetween(sql`d.day`, range)} and ${idIn(sql`d.group_id`, groupIds)}`);
  return toTotals(result.rows[0]);
}

/** The same sums by a plain scan of dispense_events: what the rollup must equal. */
export async function dispenseTotalsScan(db: Database, groupIds: readonly number[], range: DayRange): Promise<DispenseTotals> {
  const result = await db.execute<TotalsRow>(sql`
    select count(*)::int as n, count(distinct e.dispenser_id)::int as active, ${scannedHours}
    from dispense_events e join groups g on g.id = e.group_id
    where e.ts >= ${range.from.toISOString()}::timestamptz and e.ts < ${range.to.toISOString()}::timestamptz
      and ${idIn(sql`e.group_id`, groupIds)}`);
  return toTotals(result.rows[0]);
}

/** The overview's four figures of a range, each with its delta against the preceding period. */
export function overviewFrom(now: DispenseTotals, before: DispenseTotals | null, range: DayRange, previous: DayRange | null): DispenserOverview {
  const hourly = (t: DispenseTotals, r: DayRange) => t.dispenseCount / (r.days * 24);
  const stat = (value: number | null, old: number | null | undefined) => ({ value, delta: delta(value, old) });
  return {
    dispenseCount: stat(now.dispenseCount, before?.dispenseCount),
    hourlyDispenses: stat(hourly(now, range), before && previous ? hourly(before, previous) : null),
    peakActivityHour: stat(peakHour(now.hours), before ? peakHour(before.hours) : null),
    activeDispensers: stat(now.activeDispensers, before?.activeDispensers),
  };
}

type Totals = (db: Database, groupIds: readonly number[], range: DayRange) => Promise<DispenseTotals>;
async function overview(db: Database, filter: ReportFilter, totals: Totals): Promise<DispenserOverview> {
  const [now, before] = await Promise.all([
    totals(db, filter.groupIds, filter.range),
    filter.previous ? totals(db, filter.groupIds, filter.previous) : null,
  ]);
  return overviewFrom(now, before, filter.range, filter.previous);
}

/** GET dispensers/overview-stats from the rollup. */
export function overviewStats(db: Database, filter: ReportFilter): Promise<DispenserOverview> {
  return overview(db, filter, dispenseTotals);
}

/** GET dispensers/overview-stats from the raw events (the benchmark's and the tests' reference). */
export function overviewStatsScan(db: Database, filter: ReportFilter): Promise<DispenserOverview> {
  return overview(db, filter, dispenseTotalsScan);
}

/** Dispenses of the locations per UTC day and role (only days that have some). */
export async function dispensesByDayAndRole(
  db: Database,
  groupIds: readonly number[],
  range: DayRange,
): Promise<{ date: string; role: 'Soap' | 'Sanitizer'; count: number }[]> {
  const result = await db.execute<{ day: string; role: string; n: number | string }>(sql`
    select d.day::text as day, d.role, sum(d.dispense_count)::int as n
    from dispense_daily d
    where ${dayBetween(sql`d.day`, range)} and ${idIn(sql`d.group_id`, groupIds)}
    group by d.day, d.role`);
  return result.rows.map((r) => ({ date: String(r.day).slice(0, 10), role: r.role === 'Soap' ? 'Soap' : 'Sanitizer', count: Number(r.n) }));
}

/** Per-dispenser figures of a range: what the ranking and the activity levels are made of. */
export interface DispenserCount {
  id: number;
  name: string;
  groupId: number | null;
  role: 'Soap' | 'Sanitizer';
  count: number;
  hours: number[];
  hasFloorplan: boolean;
}

/**
 * Every dispenser of the locations (now there, or with dispenses there in the range) with its
 * dispenses there in the range; dispensers without any count 0.
 */
export async function dispenserCounts(db: Database, groupIds: readonly number[], range: DayRange): Promise<DispenserCount[]> {
  const inGroups = (column: SQL) => idIn(column, groupIds);
  const shownGroup = sql`case when ${inGroups(sql`dv.group_id`)} then dv.group_id else c.group_id end`;
  const result = await db.execute<
    Partial<HourRow> & { id: number; name: string; role: string | null; group_id: number | null; n: number | string; has_floorplan: boolean }
  >(sql`
    with c as (
      select d.dispenser_id, min(d.group_id) as group_id, sum(d.dispense_count)::int as n, ${summedHours('d')}
      from dispense_daily d
      where ${dayBetween(sql`d.day`, range)} and ${inGroups(sql`d.group_id`)}
      group by d.dispenser_id
    ),
    s as (
      select dv.id from devices dv where dv.type = 'DISPENSER' and ${inGroups(sql`dv.group_id`)}
      union select c.dispenser_id from c
    )
    select dv.id, dv.name, dv.role, ${shownGroup} as group_id, coalesce(c.n, 0)::int as n,
           coalesce(gr.floorplan_image, '') <> '' as has_floorplan,
           ${sql.raw(DISPENSE_HOUR_COLUMNS.map((h) => `c.${h}`).join(', '))}
    from s
    join devices dv on dv.id = s.id
    left join c on c.dispenser_id = dv.id
    left join groups gr on gr.id = ${shownGroup}`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    groupId: r.group_id === null ? null : Number(r.group_id),
    role: r.role === 'Soap' ? 'Soap' : 'Sanitizer',
    count: Number(r.n),
    hours: hoursOf(r),
    hasFloorplan: Boolean(r.has_floorplan),
  }));
}

/** Ranking rows: most dispenses first, ties by name, then id. */
export function rankDispensers(counts: readonly DispenserCount[]): DispenserRankingRow[] {
  return [...counts]
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.id - b.id)
    .map((d) => {
      const peak = peakHour(d.hours);
      return {
        id: d.id,
        name: d.name,
        groupId: d.groupId,
        peakHour: peak === null ? null : hourLabel(peak),
        peakHourRaw: peak,
        totalEvents: d.count,
        role: d.role,
        hasFloorplan: d.hasFloorplan,
      };
    });
}

/** A share in percent, null when the whole is nothing. */
const percent = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : null);

/** Day/night shares of the dispenses' local hours (daytime 05:00–16:59). */
export function shiftShares(hours: readonly number[]) {
  const total = hours.reduce((a, b) => a + b, 0);
  const day = hours.reduce((sum, n, h) => (h >= DAY_SHIFT_HOURS.first && h <= DAY_SHIFT_HOURS.last ? sum + n : sum), 0);
  return [
    { timeOfDay: 'Day' as const, percent: percent(day, total) },
    { timeOfDay: 'Night' as const, percent: percent(total - day, total) },
  ];
}

/** Shares of the dispensers at each activity level, against the largest count among them. */
export function activityShares(counts: readonly number[]) {
  const max = Math.max(0, ...counts);
  const levels = counts.map((n) => activityLevel(n, max));
  return (['None', 'Low', 'Medium', 'High'] as const).map((activityLevel) => ({
    activityLevel,
    percent: percent(levels.filter((l) => l === activityLevel).length, counts.length),
  }));
}
