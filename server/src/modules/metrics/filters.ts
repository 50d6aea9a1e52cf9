import { sql, type SQL } from 'drizzle-orm';
import type { ReportQuery, ReportView } from '../../contracts/reports/common';
import type { Database } from '../../db/client';
import { withDescendants, type Scope } from '../../core/scope';
import { idIn } from '../../core/sql';
import { localToUtc } from '../../core/zoned-time';
import { loadTrees } from '../locations';

// Turns a report's parameters into what its queries filter on: a day range (and the preceding
// one for deltas), the locations events may come from and, in organization view, the wearers'
// organizations. Every requested id is intersected with the caller's scope, so ids of another
// hospital select nothing (docs/METRICS.md 'Who and where: filters').

const DAY_MS = 86_400_000;

/** Whole UTC days from `start` to `end`, both included; `to` is the exclusive end instant. */
export interface DayRange {
  start: string;
  end: string;
  from: Date;
  to: Date;
  days: number;
}

export function dayRange(start: string, end: string): DayRange {
  const from = new Date(`${start}T00:00:00.000Z`);
  const to = new Date(new Date(`${end}T00:00:00.000Z`).getTime() + DAY_MS);
  return { start, end, from, to, days: Math.round((to.getTime() - from.getTime()) / DAY_MS) };
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The period of the same length just before `range`; null when `range` exceeds six months. */
export function previousRange(range: DayRange): DayRange | null {
  const limit = new Date(range.from);
  limit.setUTCMonth(limit.getUTCMonth() + 6);
  if (new Date(`${range.end}T00:00:00.000Z`) > limit) return null;
  const prevEnd = new Date(range.from.getTime() - DAY_MS);
  const prevStart = new Date(range.from.getTime() - range.days * DAY_MS);
  return dayRange(isoDay(prevStart), isoDay(prevEnd));
}

/** Every UTC day of the range, in order. */
export function daysOf(range: DayRange): string[] {
  return Array.from({ length: range.days }, (_, i) => isoDay(new Date(range.from.getTime() + i * DAY_MS)));
}

export interface ReportFilter {
  range: DayRange;
  previous: DayRange | null;
  view: ReportView;
  /** Locations whose events count (always scope-limited). */
  groupIds: number[];
  /** Organization view: the wearers' organizations. Null in location view. */
  organizationIds: number[] | null;
  /** Location view narrowed by organizationIdFilters: the wearers' organizations. Null: any. */
  organizationFilter?: number[] | null;
  professionCode: string | null;
  /** The selections as the caller made them, scope-limited (for per-selection splits). */
  selections: { id: number; members: number[] }[];
  /** One wearer's own report: their events count wherever they happened (groupIds is ignored). */
  anyLocation?: boolean;
  /** Location-days whose opportunities are left out (low-trust ones, docs/METRICS.md 'Data trust'). */
  excludedDays?: readonly LocationDay[];
}

/** A location and a UTC day. */
export interface LocationDay {
  groupId: number;
  day: string;
}

/** A row's location and day are not among the filter's excluded location-days (true when none are). */
export function notExcluded(filter: Pick<ReportFilter, 'excludedDays'>, groupColumn: SQL, dayColumn: SQL): SQL {
  if (!filter.excludedDays?.length) return sql`true`;
  const param = JSON.stringify(filter.excludedDays.map((d) => ({ g: d.groupId, d: d.day })));
  return sql`not exists (select 1 from jsonb_to_recordset(${param}::jsonb) as x(g int, d date) where x.g = ${groupColumn} and x.d = ${dayColumn})`;
}

/** The filter of one wearer's own figures over a range: every location, no other condition. */
export function userFilter(range: DayRange): ReportFilter {
  return { range, previous: previousRange(range), view: 'loc', groupIds: [], organizationIds: null, professionCode: null, selections: [], anyLocation: true };
}

/** Resolves a report query against the caller's scope. */
export async function resolveFilter(db: Database, scope: Scope, query: ReportQuery): Promise<ReportFilter> {
  const { orgTree, groupTree } = await loadTrees(db);
  const view: ReportView = query.view ?? (query.organizationIds.length > 0 ? 'org' : 'loc');
  const range = dayRange(query.startDate, query.endDate);
  const base = {
    range,
    previous: previousRange(range),
    view,
    professionCode: query.professionId && query.professionId !== 'ALL' ? query.professionId : null,
  };
  const pick = (tree: typeof orgTree, allowed: Set<number>, ids: number[]) => {
    const roots = ids.length ? ids : [...allowed].filter((id) => {
      const parent = tree.find((t) => t.id === id)?.parentId;
      return parent === null || parent === undefined || !allowed.has(parent);
    });
    const selections = roots.map((id) => ({
      id,
      members: [...withDescendants(tree, [id])].filter((m) => allowed.has(m)),
    }));
    const members = [...new Set(selections.flatMap((s) => s.members))];
    return { members, selections: selections.filter((s) => s.members.length > 0) };
  };
  // The other dimension's filter: its ids with their descendants, inside the scope.
  const narrow = (tree: typeof orgTree, allowed: Set<number>, filters: number[]) =>
    [...withDescendants(tree, filters)].filter((id) => allowed.has(id));
  if (view === 'org') {
    const orgs = pick(orgTree, scope.organizationIds, query.organizationIds);
    const groupIds = query.groupIdFilters.length ? narrow(groupTree, scope.groupIds, query.groupIdFilters) : [...scope.groupIds];
    return { ...base, organizationIds: orgs.members, organizationFilter: null, groupIds, selections: orgs.selections };
  }
  const locs = pick(groupTree, scope.groupIds, query.groupIds);
  const organizationFilter = query.organizationIdFilters.length ? narrow(orgTree, scope.organizationIds, query.organizationIdFilters) : null;
  return { ...base, organizationIds: null, organizationFilter, groupIds: locs.members, selections: locs.selections };
}

/**
 * The filter's conditions on a row with a location column and a wearer joined as `u`
 * (users: organization_id, profession_code). Pass `userJoined: false` for rows without a wearer.
 */
export function filterWhere(filter: ReportFilter, groupColumn: SQL, userJoined = true): SQL {
  const parts: SQL[] = [filter.anyLocation ? sql`true` : idIn(groupColumn, filter.groupIds)];
  if (userJoined && filter.organizationIds) parts.push(idIn(sql`u.organization_id`, filter.organizationIds));
  if (userJoined && filter.organizationFilter) parts.push(idIn(sql`u.organization_id`, filter.organizationFilter));
  if (userJoined && filter.professionCode) parts.push(sql`u.profession_code = ${filter.professionCode}`);
  return sql.join(parts, sql` and `);
}

/**
 * Whether the filter's conditions or `extra` read the wearer: organization view, an organization
 * or profession filter, one user, or one wearer's events everywhere. Without, figures that are
 * plain sums come from the location rollups, and per-wearer ones skip the lookup of each wearer.
 */
export function readsWearer(filter: ReportFilter, extra?: SQL): boolean {
  // Excluded location-days are left out of the daily rows, read per wearer.
  return Boolean(extra !== undefined || filter.anyLocation || filter.organizationIds || filter.organizationFilter || filter.professionCode || filter.excludedDays?.length);
}

/** The join of a rollup row to its wearer as `u`, when readsWearer; else nothing. */
export function wearerJoin(filter: ReportFilter, userColumn: SQL, extra?: SQL): SQL {
  return readsWearer(filter, extra) ? sql`join users u on u.id = ${userColumn}` : sql``;
}

/** The day column's bounds for a range: `col between start and end`. */
export function dayBetween(column: SQL, range: DayRange): SQL {
  return sql`${column} between ${range.start}::date and ${range.end}::date`;
}

/** The widest a time zone's clock is from UTC, either way (UTC−12 to UTC+14). */
const ZONE_SPREAD_MS = 14 * 3_600_000;

/**
 * `at` inside the range's days as the clocks of `zone` read them (docs/METRICS.md 'Ranges,
 * days and time zones': a location's own days): from `start` 00:00 there to the end of `end` there. `zone` is the row's
 * location's `groups.time_zone`. The outer UTC bounds, 14 hours wider than the range either way,
 * hold every zone's days and let an index on `at` narrow the rows first.
 */
export function inLocalDays(at: SQL, zone: SQL, range: DayRange): SQL {
  const lo = new Date(range.from.getTime() - ZONE_SPREAD_MS).toISOString();
  const hi = new Date(range.to.getTime() + ZONE_SPREAD_MS).toISOString();
  return sql`${at} >= ${lo}::timestamptz and ${at} < ${hi}::timestamptz
    and ${at} >= (${range.start}::date::timestamp at time zone ${zone})
    and ${at} < ((${range.end}::date + 1)::timestamp at time zone ${zone})`;
}

/** The start and (exclusive) end instants of the range's days on the clocks of `timeZone`. */
export function zonedBounds(range: DayRange, timeZone: string): { from: Date; to: Date } {
  return { from: startOfDayIn(range.start, timeZone), to: startOfDayIn(isoDay(range.to), timeZone) };
}

/** The instant `day` 00:00 begins on the clocks of `timeZone`. */
export function startOfDayIn(day: string, timeZone: string): Date {
  return new Date(localToUtc(timeZone, Date.parse(`${day}T00:00:00.000Z`) / DAY_MS, 0));
}

/**
 * The one time zone of these locations (of these organizations only, when given), or UTC when
 * they have several or none: a report's clock (docs/METRICS.md 'Ranges, days and time zones').
 */
export async function clockOf(db: Database, groupIds: readonly number[], organizationIds?: readonly number[] | null): Promise<string> {
  if (groupIds.length === 0 || organizationIds?.length === 0) return 'UTC';
  const ofOrganizations = organizationIds ? idIn(sql`organization_id`, organizationIds) : sql`true`;
  const result = await db.execute<{ time_zone: string }>(
    sql`select distinct time_zone from groups where ${idIn(sql`id`, groupIds)} and ${ofOrganizations} limit 2`,
  );
  return result.rows.length === 1 ? (result.rows[0]?.time_zone ?? 'UTC') : 'UTC';
}

/** value − previous, or null when either is missing. */
export function delta(value: number | null, previous: number | null | undefined): number | null {
  if (value === null || previous === null || previous === undefined) return null;
  return value - previous;
}
