import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { DISPENSE_HOUR_COLUMNS } from '../../db/enums';
import { deriveInteractions } from './interactions';
import { placeWristbandWashes } from './placement';
import { countDerivedDays } from './answers';
import { type DayAt, rollUpBedVisits, rollUpLocations, rollUpWeeks } from './rollup-derive';
import { deriveHeartbeatDays, deriveShiftDays } from './trust-derive';
import { deriveSessions } from './usage';
import { afterHorizons, horizonsOf, NO_HORIZONS } from './horizons';
import { PLACEMENT_LOOKBACK_MS } from './placement';
import { DISPENSER_GAP_MS, type IdWindow, mergeWindows, rounds, USER_GAP_MS, userWindows, windowsParam } from './windows';

// Keeps the derived tables (the placement of wristband washes, visits, bed_visits and their
// location days, interactions, compliance_daily, hygiene_daily and their weekly and location sums,
// wear_session_days, shift_days, dispense_daily, device_heartbeat_days) equal to docs/METRICS.md
// computed from the raw events, whatever order and batching the events arrived in. Work is done
// per window: a wearer, a wearable or a dispenser and the time span new events touched, widened
// so every derived row those events can change is recomputed (METRICS.md 'Late events').

/** Every table the derivation writes, by name: emptying them all and deriving again gives the same rows. */
export const DERIVED_TABLE_NAMES = [
  'visits',
  'bed_visits',
  'bed_visit_days',
  'interactions',
  'compliance_daily',
  'hygiene_daily',
  'compliance_weekly',
  'hygiene_weekly',
  'compliance_split_days',
  'compliance_location_daily',
  'hygiene_location_daily',
  'dispense_daily',
  'wear_session_days',
  'shift_days',
  'device_heartbeat_days',
] as const;

/** The longest stay that is still a visit; a longer one is a wearable left in a room. */
export const MAX_VISIT = '12 hours';
/** Compliance windows are at most this long, so a wash can only change visits this close to it. */
const MAX_WINDOW_HOURS = 1;

/** A span of time derived rows were rewritten for. */
export interface TimeSpan {
  from: Date;
  to: Date;
}

export interface UserWindow {
  userId: number;
  from: Date;
  to: Date;
}

export interface DispenserWindow {
  dispenserId: number;
  from: Date;
  to: Date;
}

/**
 * The windows' visits computed from raw presence and hygiene events: a SELECT of visits columns.
 * `w` must be a relation (user_id, a, b); visits entering in [a, b] are produced. This is also the
 * plain scan the benchmark and the tests compare the rollups against.
 */
export function visitsFromRaw(w: SQL): SQL {
  return sql`
    with w as (${w}),
    seq as (
      select p.user_id, p.zone_id, p.group_id, p.action, p.ts, w.a, w.b,
             lead(p.ts) over (partition by p.user_id order by p.ts, p.event_id) as next_ts
      from presence_events p
      join w on p.user_id = w.user_id and p.ts >= w.a and p.ts <= w.b + interval '12 hours'
    ),
    v as (
      select s.user_id, s.ts as entry_at, s.next_ts as exit_at, s.zone_id, s.group_id
      from seq s
      join zones z on z.id = s.zone_id and z.type in ('PATIENT_ROOM', 'CDIFF')
      where s.action = 'ENTER' and s.next_ts is not null
        and s.next_ts - s.ts <= interval '12 hours' and s.ts >= s.a and s.ts <= s.b
    )
    select v.user_id, v.entry_at, v.exit_at, v.zone_id, v.group_id,
           floor(extract(epoch from v.exit_at - v.entry_at))::int as duration_s,
           (v.exit_at - v.entry_at) >= make_interval(secs => g.required_visit_duration) as counted,
           ew.ts is not null as entry_compliant,
           xw.ts is not null as exit_compliant,
           ew.ts as entry_wash_at, xw.ts as exit_wash_at, xw.wash_type as exit_wash_type
    from v
    join groups g on g.id = v.group_id
    left join lateral (
      select h.ts from hygiene_events h
      where h.user_id = v.user_id
        and h.ts >= v.entry_at - make_interval(secs => g.before_entry_seconds_to_comply)
        and h.ts <= v.entry_at + make_interval(secs => g.after_entry_seconds_to_comply)
      order by abs(extract(epoch from h.ts - v.entry_at)), h.ts, h.event_id limit 1
    ) ew on true
    left join lateral (
      select h.ts, h.wash_type from hygiene_events h
      where h.user_id = v.user_id
        and h.ts >= v.exit_at - make_interval(secs => g.before_exit_seconds_to_comply)
        and h.ts <= v.exit_at + make_interval(secs => g.after_exit_seconds_to_comply)
      order by abs(extract(epoch from h.ts - v.exit_at)), h.ts, h.event_id limit 1
    ) xw on true`;
}

/** Bed visits of the windows from raw bed events: a stay ends at the wearer's next bed event. */
function bedVisitsFromRaw(w: SQL): SQL {
  return sql`
    with w as (${w}),
    seq as (
      select e.user_id, e.beacon_id, e.group_id, e.action, e.ts, w.a, w.b,
             lead(e.ts) over (partition by e.user_id order by e.ts, e.event_id) as next_ts
      from bed_events e
      join w on e.user_id = w.user_id and e.ts >= w.a and e.ts <= w.b + interval '12 hours'
    )
    select s.user_id, s.beacon_id, s.ts as entry_at, s.next_ts as exit_at, s.group_id,
           floor(extract(epoch from s.next_ts - s.ts))::int as duration_s,
           (s.next_ts - s.ts) >= make_interval(secs => g.required_visit_duration) as counted
    from seq s join groups g on g.id = s.group_id
    where s.action = 'ENTER' and s.next_ts is not null
      and s.next_ts - s.ts <= interval '12 hours' and s.ts >= s.a and s.ts <= s.b`;
}

/**
 * Recomputes visits, bed visits, sessions and the daily rollups of these wearers over these
 * spans, never before a wearer's retention horizon. Returns the spans whose derived rows it rewrote.
 */
export async function deriveUsers(db: Database, windows: readonly UserWindow[], horizons: ReadonlyMap<number, Date> = NO_HORIZONS.users): Promise<TimeSpan[]> {
  if (windows.length === 0) return [];
  const merged = afterHorizons(mergeWindows(windows, (w) => w.userId), (w) => w.id, horizons);
  const widened = afterHorizons(
    merged.map((w) => ({
      id: w.id,
      from: new Date(w.from.getTime() - (12 + MAX_WINDOW_HOURS) * 3_600_000),
      to: new Date(w.to.getTime() + MAX_WINDOW_HOURS * 3_600_000),
    })),
    (w) => w.id,
    horizons,
  );
  if (widened.length === 0) return [];
  const w = userWindows(widened);
  await db.execute(sql`delete from visits v using (${w}) w where v.user_id = w.user_id and v.entry_at >= w.a and v.entry_at <= w.b`);
  await db.execute(sql`
    insert into visits (user_id, entry_at, exit_at, zone_id, group_id, duration_s, counted,
                        entry_compliant, exit_compliant, entry_wash_at, exit_wash_at, exit_wash_type)
    ${visitsFromRaw(w)}
    on conflict do nothing`);
  const bedDaysGone = await db.execute<DayAt>(sql`
    with gone as (delete from bed_visits v using (${w}) w where v.user_id = w.user_id and v.entry_at >= w.a and v.entry_at <= w.b returning v.entry_at, v.group_id)
    select distinct (gone.entry_at at time zone g.time_zone)::date::text as day, gone.group_id from gone join groups g on g.id = gone.group_id`);
  const bedDaysAdded = await db.execute<DayAt>(sql`
    with added as (
      insert into bed_visits (user_id, beacon_id, entry_at, exit_at, group_id, duration_s, counted)
      ${bedVisitsFromRaw(w)}
      on conflict do nothing
      returning entry_at, group_id)
    select distinct (added.entry_at at time zone g.time_zone)::date::text as day, added.group_id from added join groups g on g.id = added.group_id`);
  await rollUpBedVisits(db, [...bedDaysGone.rows, ...bedDaysAdded.rows]);
  await deriveInteractions(db, w);

  // Whole UTC days around each window, aggregated from the (now correct) visits and washes.
  const days = sql`select user_id, (a at time zone 'UTC')::date as d0, (b at time zone 'UTC')::date as d1 from (${w}) w`;
  const complianceGone = await db.execute<DayAt>(sql`delete from compliance_daily c using (${days}) d where c.user_id = d.user_id and c.day between d.d0 and d.d1 returning c.day::text as day, c.group_id`);
  const complianceAdded = await db.execute<DayAt>(sql`
    insert into compliance_daily (day, user_id, group_id, entry_opportunities, entry_compliant,
                                  exit_opportunities, exit_compliant, visit_count, visit_seconds)
    select (v.entry_at at time zone 'UTC')::date, v.user_id, v.group_id,
           count(*) filter (where ea.id is null), count(*) filter (where v.entry_compliant and ea.id is null),
           count(*) filter (where xa.id is null), count(*) filter (where v.exit_compliant and xa.id is null),
           count(*), sum(v.duration_s)
    from visits v join (${days}) d on v.user_id = d.user_id
      and v.entry_at >= d.d0::timestamp at time zone 'UTC'
      and v.entry_at < (d.d1 + 1)::timestamp at time zone 'UTC'
    -- An accepted dispute takes its opportunity out (docs/METRICS.md '15. Disputed opportunities').
    left join opportunity_disputes ea on ea.user_id = v.user_id and ea.kind = 'ENTRY' and ea.door_at = v.entry_at and ea.status = 'ACCEPTED'
    left join opportunity_disputes xa on xa.user_id = v.user_id and xa.kind = 'EXIT' and xa.door_at = v.exit_at and xa.status = 'ACCEPTED'
    where v.counted
    group by 1, 2, 3
    returning day::text as day, group_id`);
  const hygieneGone = await db.execute<DayAt>(sql`delete from hygiene_daily h using (${days}) d where h.user_id = d.user_id and h.day between d.d0 and d.d1 returning h.day::text as day, h.group_id`);
  const hygieneAdded = await db.execute<DayAt>(sql`
    insert into hygiene_daily (day, user_id, group_id, wash_type, wash_count, duration_sum, duration_count)
    select (h.ts at time zone 'UTC')::date, h.user_id, coalesce(h.group_id, 0), h.wash_type,
           count(*), coalesce(sum(h.duration_s), 0), count(h.duration_s)
    from hygiene_events h join (${days}) d on h.user_id = d.user_id
      and h.ts >= d.d0::timestamp at time zone 'UTC'
      and h.ts < (d.d1 + 1)::timestamp at time zone 'UTC'
    group by 1, 2, 3, 4
    returning day::text as day, group_id`);
  await deriveShiftDays(db, days);
  await rollUpWeeks(db, days);
  await rollUpLocations(db, days, [...complianceGone.rows, ...complianceAdded.rows], [...hygieneGone.rows, ...hygieneAdded.rows]);
  const sessions = await deriveSessions(db, merged, horizons);
  return [...widened, ...sessions];
}

const hourColumns = sql.raw(DISPENSE_HOUR_COLUMNS.join(', '));
const hourCounts = sql.raw(
  DISPENSE_HOUR_COLUMNS.map((_, h) => `count(*) filter (where extract(hour from e.ts at time zone g.time_zone) = ${h})`).join(', '),
);

/** Recomputes dispense_daily for these dispensers over the UTC days of these spans (which it returns). */
export async function deriveDispensers(db: Database, windows: readonly DispenserWindow[]): Promise<TimeSpan[]> {
  if (windows.length === 0) return [];
  const merged = mergeWindows(windows, (w) => w.dispenserId);
  const param = windowsParam(merged);
  const days = sql`select id as dispenser_id, (a at time zone 'UTC')::date as d0, (b at time zone 'UTC')::date as d1
                   from jsonb_to_recordset(${param}::jsonb) as r(id int, a timestamptz, b timestamptz)`;
  await db.execute(sql`delete from dispense_daily x using (${days}) d where x.dispenser_id = d.dispenser_id and x.day between d.d0 and d.d1`);
  await db.execute(sql`
    insert into dispense_daily (day, dispenser_id, group_id, role, dispense_count, ${hourColumns})
    select (e.ts at time zone 'UTC')::date, e.dispenser_id, min(e.group_id), min(e.role), count(*), ${hourCounts}
    from dispense_events e
    join (${days}) d on e.dispenser_id = d.dispenser_id
      and e.ts >= d.d0::timestamp at time zone 'UTC'
      and e.ts < (d.d1 + 1)::timestamp at time zone 'UTC'
    join groups g on g.id = e.group_id
    group by 1, 2`);
  return merged;
}

/** What a set of stored events touched: the spans of their wearers, wearables, dispensers and heart-beating devices. */
export interface DerivationSpans {
  users: readonly UserWindow[];
  /** Wearables whose presence or wristband washes changed, for placing their washes. */
  wearables: readonly IdWindow[];
  dispensers: readonly DispenserWindow[];
  /** Devices whose heartbeats changed (none when absent). */
  devices?: readonly IdWindow[];
}

/**
 * Recomputes every derived row the touched spans can change, in dependency order; never before a
 * wearer's or wearable's retention horizon (docs/PRIVACY.md 'Retention').
 */
export async function deriveSpans(db: Database, spans: DerivationSpans): Promise<void> {
  const horizons = await horizonsOf(db, spans.users.map((w) => w.userId), spans.wearables.map((w) => w.id));
  // Placing washes reads only raw events; a wash that moved changes its wearer's daily figures. A
  // wash looks back for presence, so none within that look-back of the horizon is placed again.
  const moved = await placeWristbandWashes(db, afterHorizons(spans.wearables, (w) => w.id, horizons.wearables, PLACEMENT_LOOKBACK_MS));
  const userHorizons = moved.length === 0 ? horizons.users : (await horizonsOf(db, [...spans.users, ...moved].map((w) => w.userId), [])).users;
  const rewritten: TimeSpan[] = [];
  // One window per id and round: an id's spans far apart are derived apart, not as one long span.
  for (const round of rounds([...spans.users, ...moved], (w) => w.userId, USER_GAP_MS)) rewritten.push(...(await deriveUsers(db, round, userHorizons)));
  for (const round of rounds(spans.dispensers, (w) => w.dispenserId, DISPENSER_GAP_MS)) rewritten.push(...(await deriveDispensers(db, round)));
  for (const round of rounds(spans.devices ?? [], (w) => w.id, DISPENSER_GAP_MS)) rewritten.push(...(await deriveHeartbeatDays(db, round)));
  // Last, so an answer computed while these rows were being written is already out of date.
  await countDerivedDays(db, rewritten);
}

/** The spans of the raw events between `from` and `to` (every event when neither is given). */
async function storedSpans(db: Database, from?: Date, to?: Date): Promise<DerivationSpans> {
  const within = (column: SQL) =>
    from && to ? sql`${column} >= ${from.toISOString()}::timestamptz and ${column} <= ${to.toISOString()}::timestamptz` : sql`true`;
  const read = async (query: SQL) =>
    (await db.execute<{ id: number; a: string; b: string }>(query)).rows.map((r) => ({ id: r.id, from: new Date(r.a), to: new Date(r.b) }));
  const users = await read(sql`
    select user_id as id, min(ts) as a, max(ts) as b from (
      select user_id, ts from presence_events where user_id is not null and ${within(sql`ts`)}
      union all select user_id, ts from hygiene_events where user_id is not null and ${within(sql`ts`)}
      union all select user_id, ts from bed_events where user_id is not null and ${within(sql`ts`)}
      union all select user_id, ts from reminder_events where user_id is not null and ${within(sql`ts`)}
      union all select user_id, ts from station_events where user_id is not null and ${within(sql`ts`)}
    ) e group by user_id`);
  const wearables = await read(sql`
    select wearable_id as id, min(ts) as a, max(ts) as b from (
      select wearable_id, ts from presence_events where ${within(sql`ts`)}
      union all select wearable_id, ts from hygiene_events where source = 'WRISTBAND' and wearable_id is not null and ${within(sql`ts`)}
    ) e group by wearable_id`);
  const dispensers = await read(sql`select dispenser_id as id, min(ts) as a, max(ts) as b from dispense_events where ${within(sql`ts`)} group by dispenser_id`);
  const devices = await read(sql`select device_id as id, min(ts) as a, max(ts) as b from heartbeat_events where ${within(sql`ts`)} group by device_id`);
  return {
    users: users.map((r) => ({ userId: r.id, from: r.from, to: r.to })),
    wearables,
    dispensers: dispensers.map((r) => ({ dispenserId: r.id, from: r.from, to: r.to })),
    devices,
  };
}

/** Rebuilds every derived table from all raw events (after a bulk load). */
export async function deriveAll(db: Database): Promise<void> {
  await deriveSpans(db, await storedSpans(db));
}

/**
 * Rebuilds the derived rows of the events between `from` and `to` from the raw events (`npm run
 * derive`): the same work the ingest does when those events arrive, for all of them at once.
 * Returns how many wearers, wearables and dispensers it covered.
 */
export async function deriveBetween(db: Database, from: Date, to: Date): Promise<{ users: number; wearables: number; dispensers: number; devices: number }> {
  const spans = await storedSpans(db, from, to);
  await deriveSpans(db, spans);
  return { users: spans.users.length, wearables: spans.wearables.length, dispensers: spans.dispensers.length, devices: spans.devices?.length ?? 0 };
}
