import { sql } from 'drizzle-orm';
import type { OpportunityVerdict } from '../../contracts/reports/opportunity-verdict';
import type { Database } from '../../db/client';
import type { DayRange } from './filters';

// One wearer's own figures: the user overview's extra cards and the activity breakdown's day.

export interface VisitFigures {
  visitCount: number;
  visitAverage: number | null;
}

/** Counted room visits entering in the range, and their mean length in seconds. */
export async function visitFigures(db: Database, userId: number, range: DayRange): Promise<VisitFigures> {
  const result = await db.execute<{ n: number; avg: number | null }>(sql`
    select coalesce(sum(visit_count), 0)::int as n, sum(visit_seconds)::float8 / nullif(sum(visit_count), 0) as avg
    from compliance_daily where user_id = ${userId} and day between ${range.start}::date and ${range.end}::date`);
  const row = result.rows[0];
  return { visitCount: Number(row?.n ?? 0), visitAverage: row?.avg === null || row?.avg === undefined ? null : Number(row.avg) };
}

/** Counted bed visits (long enough at a bed beacon) entering in the range, wherever they were. */
export async function bedVisitCount(db: Database, userId: number, range: DayRange): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from bed_visits b
    where b.user_id = ${userId} and b.counted
      and b.entry_at >= ${range.from.toISOString()}::timestamptz and b.entry_at < ${range.to.toISOString()}::timestamptz`);
  return Number(result.rows[0]?.n ?? 0);
}

/** Reminders the wearer received in the range, by reminder zone. */
export async function reminderBreakdown(db: Database, userId: number, range: DayRange) {
  const result = await db.execute<{ zone_id: number; name: string; n: number }>(sql`
    select r.zone_id, z.name, count(*)::int as n
    from reminder_events r join zones z on z.id = r.zone_id
    where r.user_id = ${userId} and r.ts >= ${range.from.toISOString()}::timestamptz and r.ts < ${range.to.toISOString()}::timestamptz
    group by r.zone_id, z.name order by n desc, z.name`);
  return result.rows.map((r) => ({ zoneId: r.zone_id, name: r.name, count: Number(r.n) }));
}

/** The wristband's own counters summed over the range; null when it reported none. */
export async function counterTotals(db: Database, userId: number, range: DayRange) {
  const result = await db.execute<{ steps: number | null; distance: number | null; calories: number | null }>(sql`
    select sum(steps)::float8 as steps, sum(distance_m)::float8 as distance, sum(calories)::float8 as calories
    from counter_events
    where user_id = ${userId} and ts >= ${range.from.toISOString()}::timestamptz and ts < ${range.to.toISOString()}::timestamptz`);
  const row = result.rows[0];
  const num = (v: number | null | undefined) => (v === null || v === undefined ? null : Number(v));
  return { steps: num(row?.steps), distance: num(row?.distance), calories: num(row?.calories) };
}

/** SmartSensors (wristbands and badges) assigned to the user now. */
export async function assignedWearableCount(db: Database, userId: number): Promise<number> {
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from wearable_assignments where user_id = ${userId} and unassigned_at is null`);
  return Number(result.rows[0]?.n ?? 0);
}

export interface ActivityRow {
  timestamp: string;
  type: 'Room Entry' | 'Room Exit' | 'Hand Hygiene' | 'Bed Visit' | 'Reminder';
  location: string | null;
  /** The time zone of the event's location (IANA), to show its time as the ward reads its clocks; null when unknown. */
  timeZone: string | null;
  device: string | null;
  duration: number | null;
  /** A room entry's or exit's verdict as the stored visit holds it; null for other events. */
  verdict: OpportunityVerdict | null;
}

/** A hand-hygiene event's device as the activity names it: the dispenser, or the wristband and its wash type. */
const hygieneDevice = sql`coalesce(d.name, case h.wash_type when 'SOAP' then 'Wristband (soap)' else 'Wristband (sanitizer)' end)`;

const roomBeacon = sql`(select d.name from devices d where d.zone_id = v.zone_id and d.physical_role = 'ROOM' order by d.id limit 1)`;

/** No verdict: the columns of an event that is not a room entry or exit. */
const noVerdict = sql`null::boolean, null::boolean, null::timestamptz, null::timestamptz, null::timestamptz, null::int, null::int`;

/** The day's events of a wearer, oldest first (docs/METRICS.md '9. Activity breakdown'), each room entry and exit with its stored verdict. */
export async function dayActivity(db: Database, userId: number, range: DayRange): Promise<ActivityRow[]> {
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const result = await db.execute<{
    ts: string; type: ActivityRow['type']; location: string | null; time_zone: string | null; device: string | null; duration: number | null;
    counted: boolean | null; compliant: boolean | null; wash_at: string | Date | null; window_from: string | Date | null; window_to: string | Date | null;
    visit_s: number | null; required_s: number | null;
  }>(sql`
    select ts, type, location, time_zone, device, duration, counted, compliant, wash_at, window_from, window_to, visit_s, required_s from (
      -- The visit's own location (v.group_id) holds the windows the derivation judged it by.
      select v.entry_at as ts, 'Room Entry' as type, z.name as location, zg.time_zone, ${roomBeacon} as device, v.duration_s::float8 as duration,
             v.counted, v.entry_compliant as compliant, v.entry_wash_at as wash_at,
             v.entry_at - make_interval(secs => vg.before_entry_seconds_to_comply) as window_from,
             v.entry_at + make_interval(secs => vg.after_entry_seconds_to_comply) as window_to,
             v.duration_s as visit_s, vg.required_visit_duration as required_s
        from visits v join zones z on z.id = v.zone_id left join groups zg on zg.id = z.group_id join groups vg on vg.id = v.group_id
        where v.user_id = ${userId} and v.entry_at >= ${from}::timestamptz and v.entry_at < ${to}::timestamptz
      union all
      select v.exit_at, 'Room Exit', z.name, zg.time_zone, ${roomBeacon}, null,
             v.counted, v.exit_compliant, v.exit_wash_at,
             v.exit_at - make_interval(secs => vg.before_exit_seconds_to_comply),
             v.exit_at + make_interval(secs => vg.after_exit_seconds_to_comply),
             v.duration_s, vg.required_visit_duration
        from visits v join zones z on z.id = v.zone_id left join groups zg on zg.id = z.group_id join groups vg on vg.id = v.group_id
        where v.user_id = ${userId} and v.exit_at >= ${from}::timestamptz and v.exit_at < ${to}::timestamptz
      union all
      select h.ts, 'Hand Hygiene', g.name, g.time_zone, ${hygieneDevice}, h.duration_s::float8, ${noVerdict}
        from hygiene_events h left join devices d on d.id = h.dispenser_id left join groups g on g.id = h.group_id
        where h.user_id = ${userId} and h.ts >= ${from}::timestamptz and h.ts < ${to}::timestamptz
      union all
      select b.entry_at, 'Bed Visit', g.name, g.time_zone, d.name, b.duration_s::float8, ${noVerdict}
        from bed_visits b join devices d on d.id = b.beacon_id join groups g on g.id = b.group_id
        where b.user_id = ${userId} and b.counted and b.entry_at >= ${from}::timestamptz and b.entry_at < ${to}::timestamptz
      union all
      select r.ts, 'Reminder', z.name, zg.time_zone, null, null, ${noVerdict}
        from reminder_events r join zones z on z.id = r.zone_id left join groups zg on zg.id = z.group_id
        where r.user_id = ${userId} and r.ts >= ${from}::timestamptz and r.ts < ${to}::timestamptz
    ) a order by ts, type, device, location, duration`);
  const iso = (at: string | Date) => new Date(at).toISOString();
  return result.rows.map((r) => ({
    timestamp: iso(r.ts),
    type: r.type,
    location: r.location,
    timeZone: r.time_zone,
    device: r.device,
    duration: r.duration === null ? null : Number(r.duration),
    verdict:
      r.counted === null || r.window_from === null || r.window_to === null
        ? null
        : {
            counted: r.counted,
            compliant: r.compliant === true,
            windowFrom: iso(r.window_from),
            windowTo: iso(r.window_to),
            washAt: r.wash_at === null ? null : iso(r.wash_at),
            visitSeconds: Number(r.visit_s),
            requiredSeconds: Number(r.required_s),
          },
  }));
}

/** A wearer's hand-hygiene events in [from, to), oldest first, each with its location and device as the activity names them. */
export async function hygieneBetween(db: Database, userId: number, from: Date, to: Date): Promise<{ timestamp: string; location: string | null; device: string | null }[]> {
  const result = await db.execute<{ ts: string | Date; location: string | null; device: string | null }>(sql`
    select h.ts, g.name as location, ${hygieneDevice} as device
    from hygiene_events h left join devices d on d.id = h.dispenser_id left join groups g on g.id = h.group_id
    where h.user_id = ${userId} and h.ts >= ${from.toISOString()}::timestamptz and h.ts < ${to.toISOString()}::timestamptz
    order by h.ts, device`);
  return result.rows.map((r) => ({ timestamp: new Date(r.ts).toISOString(), location: r.location, device: r.device }));
}

/** UTC days with any opportunity, hand-hygiene event or visit of the wearer, newest first. */
export async function availableDays(db: Database, userId: number): Promise<string[]> {
  const result = await db.execute<{ day: string }>(sql`
    select day::text as day from compliance_daily where user_id = ${userId}
    union select day::text from hygiene_daily where user_id = ${userId}
    union select (entry_at at time zone 'UTC')::date::text from visits where user_id = ${userId}
    order by 1 desc`);
  return result.rows.map((r) => String(r.day).slice(0, 10));
}
