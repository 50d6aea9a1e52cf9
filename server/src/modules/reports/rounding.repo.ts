import { sql, type SQL } from 'drizzle-orm';
import type { HourlyStats, RoundingBedRow, RoundingUserRow } from '../../contracts/reports/rounding';
import type { Database } from '../../db/client';
import { type DayRange, filterWhere, inLocalDays, type ReportFilter } from '../metrics/filters';
import { containing, idIn, iso } from '../../core/sql';
import { userDisplayName } from '../../core/names';

// Staff rounding (docs/METRICS.md 'Wearables and staff rounding') from the derived bed_visits: only counted stays (at least
// the location's requiredVisitDuration), each belonging to the range of its entry time. Hours of
// day are local to the bed's location.

/**
 * `b` (bed_visits) counted and entered inside the range's days at its location (`bg`, joined by
 * `atBed`): each location's days are its own clock's (docs/METRICS.md 'Ranges, days and time zones').
 */
export function countedIn(range: DayRange): SQL {
  return sql`b.counted and ${inLocalDays(sql`b.entry_at`, sql`bg.time_zone`, range)}`;
}

/** The join of a bed visit `b` to its location `bg`, whose clock `countedIn` reads. */
const atBed = sql`join groups bg on bg.id = b.group_id`;


/** Per user of the filter's wearers: their counted bed visits at the filter's locations. */
export async function roundingByUser(db: Database, filter: ReportFilter, search?: string): Promise<RoundingUserRow[]> {
  const pattern = search ? containing(search) : null;
  const result = await db.execute<{
    id: number; name: string; profession_code: string | null; organization_id: number;
    avg: number; total: number; beds: number; visits: number;
  }>(sql`
    select u.id, ${userDisplayName} as name, u.profession_code, u.organization_id,
           avg(b.duration_s)::float8 as avg, sum(b.duration_s)::int as total,
           count(distinct b.beacon_id)::int as beds, count(*)::int as visits
    from bed_visits b ${atBed} join users u on u.id = b.user_id
    where ${countedIn(filter.range)} and ${filterWhere(filter, sql`b.group_id`)}
      and ${pattern ? sql`${userDisplayName} ilike ${pattern}` : sql`true`}
    group by u.id
    order by total desc, name, u.id`);
  return result.rows.map((r) => ({
    id: r.id,
    name: r.name,
    profession: r.profession_code,
    organizationId: r.organization_id,
    avgDuration: Number(r.avg),
    totalDuration: Number(r.total),
    uniqueBedsVisited: Number(r.beds),
    totalBedVisits: Number(r.visits),
  }));
}

/** Per bed beacon: the counted visits of the filter's wearers at the filter's locations. */
export async function roundingByBed(db: Database, filter: ReportFilter, search?: string): Promise<RoundingBedRow[]> {
  const pattern = search ? containing(search) : null;
  const result = await db.execute<{
    beacon_id: number; name: string; group_id: number; avg: number; total: number; staff: number; visits: number;
  }>(sql`
    select b.beacon_id, d.name, min(b.group_id) as group_id,
           avg(b.duration_s)::float8 as avg, sum(b.duration_s)::int as total,
           count(distinct b.user_id)::int as staff, count(*)::int as visits
    from bed_visits b ${atBed} join users u on u.id = b.user_id join devices d on d.id = b.beacon_id
    where ${countedIn(filter.range)} and ${filterWhere(filter, sql`b.group_id`)}
      and ${pattern ? sql`d.name ilike ${pattern}` : sql`true`}
    group by b.beacon_id, d.name
    order by total desc, d.name, b.beacon_id`);
  return result.rows.map((r) => ({
    beaconId: r.beacon_id,
    name: r.name,
    groupId: r.group_id,
    avgDuration: Number(r.avg),
    totalDuration: Number(r.total),
    uniqueStaffVisits: Number(r.staff),
    totalStaffVisits: Number(r.visits),
  }));
}

/** The 24 local hours with the visits starting in each and their total duration. */
export function hourlyOf(visits: readonly { localHour: number; duration: number }[]): HourlyStats {
  const hours = Array.from({ length: 24 }, (_, h) => ({ hour: `${h}:00`, total: 0, duration: 0 }));
  for (const v of visits) {
    const slot = hours[v.localHour];
    if (!slot) continue;
    slot.total += 1;
    slot.duration += v.duration;
  }
  return hours;
}

export interface UserBedVisit {
  entryTime: string;
  beaconId: number;
  bedName: string;
  duration: number;
  localHour: number;
  /** The bed's location's time zone, whose clock `localHour` reads. */
  timeZone: string;
}

/** One user's counted bed visits at these locations, oldest first. */
export async function userBedVisits(db: Database, userId: number, groupIds: readonly number[], range: DayRange): Promise<UserBedVisit[]> {
  const result = await db.execute<{ entry_at: string | Date; beacon_id: number; name: string; duration_s: number; hour: number; time_zone: string }>(sql`
    select b.entry_at, b.beacon_id, d.name, b.duration_s,
           extract(hour from b.entry_at at time zone bg.time_zone)::int as hour, bg.time_zone
    from bed_visits b ${atBed} join devices d on d.id = b.beacon_id
    where b.user_id = ${userId} and ${countedIn(range)} and ${idIn(sql`b.group_id`, groupIds)}
    order by b.entry_at, b.beacon_id`);
  return result.rows.map((r) => ({
    entryTime: iso(r.entry_at),
    beaconId: r.beacon_id,
    bedName: r.name,
    duration: Number(r.duration_s),
    localHour: Number(r.hour),
    timeZone: r.time_zone,
  }));
}

export interface BedVisitByUser {
  entryTime: string;
  userId: number;
  name: string;
  profession: string | null;
  duration: number;
  localHour: number;
}

/** One bed's counted visits, oldest first. */
export async function bedVisitsOf(db: Database, beaconId: number, range: DayRange): Promise<BedVisitByUser[]> {
  const result = await db.execute<{
    entry_at: string | Date; user_id: number; name: string; profession_code: string | null; duration_s: number; hour: number;
  }>(sql`
    select b.entry_at, b.user_id, ${userDisplayName} as name, u.profession_code, b.duration_s,
           extract(hour from b.entry_at at time zone bg.time_zone)::int as hour
    from bed_visits b ${atBed} join users u on u.id = b.user_id
    where b.beacon_id = ${beaconId} and ${countedIn(range)}
    order by b.entry_at, b.user_id`);
  return result.rows.map((r) => ({
    entryTime: iso(r.entry_at),
    userId: r.user_id,
    name: r.name,
    profession: r.profession_code,
    duration: Number(r.duration_s),
    localHour: Number(r.hour),
  }));
}

/** A bed beacon at one of these locations, or null. */
export async function findBed(db: Database, beaconId: number, groupIds: readonly number[]): Promise<{ id: number; name: string } | null> {
  const result = await db.execute<{ id: number; name: string }>(sql`
    select d.id, d.name from devices d
    where d.id = ${beaconId} and d.type = 'BEACON' and d.physical_role = 'BED' and ${idIn(sql`d.group_id`, groupIds)}`);
  return result.rows[0] ?? null;
}

export interface RoundingSummary {
  id: number;
  avgDuration: number | null;
  totalDuration: number;
  uniqueBedsVisited: number;
  totalBedVisits: number;
  uniqueStaff: number;
}

/**
 * Totals per selection. `by` 'location': a selection's members are locations, and visits at them
 * count (any wearer), read from the location days (bed_visit_days): a whole network over months is
 * a few thousand rows rather than every visit. 'organization': members are organizations, and
 * visits of their wearers at the filter's locations count, found by wearer.
 */
export async function roundingSummaries(
  db: Database,
  filter: ReportFilter,
  by: 'location' | 'organization',
): Promise<RoundingSummary[]> {
  const pairs = filter.selections.flatMap((s) => s.members.map((m) => sql`(${s.id}::int, ${m}::int)`));
  if (pairs.length === 0) return [];
  const selections = sql`s(sel, member) as (values ${sql.join(pairs, sql`, `)})`;
  const result = await db.execute<{ sel: number; avg: number | null; total: number | string; beds: number; visits: number | string; staff: number }>(
    by === 'location'
      ? sql`
    with ${selections},
    r as materialized (
      select s.sel, d.visit_count, d.visit_seconds, d.user_ids, d.beacon_ids
      from s join bed_visit_days d on d.group_id = s.member
      where d.day >= ${filter.range.start}::date and d.day <= ${filter.range.end}::date and ${idIn(sql`d.group_id`, filter.groupIds)}
    )
    select t.sel, t.avg, t.total, t.visits,
           (select count(*) from (select distinct u from r, unnest(r.user_ids) u where r.sel = t.sel) x)::int as staff,
           (select count(*) from (select distinct b from r, unnest(r.beacon_ids) b where r.sel = t.sel) y)::int as beds
    from (
      select sel, (sum(visit_seconds)::numeric / sum(visit_count))::float8 as avg,
             sum(visit_seconds)::bigint as total, sum(visit_count)::bigint as visits
      from r group by sel
    ) t`
      : sql`
    with ${selections},
    b as (
      select b.user_id, b.beacon_id, b.duration_s, u.organization_id as member
      from bed_visits b ${atBed} join users u on u.id = b.user_id
      where ${countedIn(filter.range)} and ${idIn(sql`b.group_id`, filter.groupIds)}
        and u.organization_id in (select member from s)
    )
    select s.sel, avg(b.duration_s)::float8 as avg, coalesce(sum(b.duration_s), 0)::bigint as total,
           count(distinct b.beacon_id)::int as beds, count(b.user_id)::int as visits,
           count(distinct b.user_id)::int as staff
    from s left join b on b.member = s.member
    group by s.sel`,
  );
  const bySel = new Map(result.rows.map((r) => [Number(r.sel), r]));
  return filter.selections.map((s) => {
    const r = bySel.get(s.id);
    return {
      id: s.id,
      avgDuration: r?.avg === null || r?.avg === undefined ? null : Number(r.avg),
      totalDuration: Number(r?.total ?? 0),
      uniqueBedsVisited: Number(r?.beds ?? 0),
      totalBedVisits: Number(r?.visits ?? 0),
      uniqueStaff: Number(r?.staff ?? 0),
    };
  });
}
