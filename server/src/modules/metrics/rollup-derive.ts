import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';

// The sums read by long ranges and by reports without a wearer condition, kept from the daily
// rollups (compliance_daily, hygiene_daily) whenever the derivation rewrites a wearer's days:
// per wearer and UTC week (compliance_weekly, hygiene_weekly), and per location and UTC day over
// every wearer (compliance_location_daily with compliance_split_days, hygiene_location_daily);
// and, from bed_visits, the counted bed visits per location and day on the location's clock
// (bed_visit_days).
// Each row is recomputed whole from the rows it sums, so it never depends on arrival order.

/** A daily row's day and location, as the derivation rewrote it. */
export type DayAt = {
  day: string;
  group_id: number;
};

/**
 * Recomputes compliance_weekly and hygiene_weekly for every UTC week (Monday to Sunday) that holds
 * a rewritten day, from the daily rows. `days` is (user_id, d0, d1).
 */
export async function rollUpWeeks(db: Database, days: SQL): Promise<void> {
  const weeks = sql`
    select distinct d.user_id, w::date as week
    from (${days}) d, generate_series(date_trunc('week', d.d0), date_trunc('week', d.d1), interval '1 week') w`;
  await db.execute(sql`delete from compliance_weekly c using (${weeks}) w where c.user_id = w.user_id and c.week = w.week`);
  await db.execute(sql`
    insert into compliance_weekly (week, user_id, group_id, entry_opportunities, entry_compliant,
                                   exit_opportunities, exit_compliant, visit_count, visit_seconds)
    select w.week, c.user_id, c.group_id, sum(c.entry_opportunities), sum(c.entry_compliant),
           sum(c.exit_opportunities), sum(c.exit_compliant), sum(c.visit_count), sum(c.visit_seconds)
    from compliance_daily c join (${weeks}) w on c.user_id = w.user_id and c.day >= w.week and c.day < w.week + 7
    group by 1, 2, 3`);
  await db.execute(sql`delete from hygiene_weekly h using (${weeks}) w where h.user_id = w.user_id and h.week = w.week`);
  await db.execute(sql`
    insert into hygiene_weekly (week, user_id, group_id, wash_type, wash_count, duration_sum, duration_count)
    select w.week, h.user_id, h.group_id, h.wash_type, sum(h.wash_count), sum(h.duration_sum::float8), sum(h.duration_count)
    from hygiene_daily h join (${weeks}) w on h.user_id = w.user_id and h.day >= w.week and h.day < w.week + 7
    group by 1, 2, 3, 4`);
}

/** The distinct (day, location) pairs as a relation (d, g). */
function pairsOf(rows: readonly DayAt[]): SQL {
  const seen = new Map<string, { d: string; g: number }>();
  for (const r of rows) seen.set(`${r.day}|${r.group_id}`, { d: String(r.day).slice(0, 10), g: Number(r.group_id) });
  return sql`select d, g from jsonb_to_recordset(${JSON.stringify([...seen.values()])}::jsonb) as p(d date, g int)`;
}

/**
 * Recomputes the wearer-days with opportunities at several locations for the rewritten days
 * `days` (user_id, d0, d1), then the location rows of every (day, location) whose daily rows were
 * removed or written: `compliance` and `hygiene` list them.
 */
export async function rollUpLocations(db: Database, days: SQL, compliance: readonly DayAt[], hygiene: readonly DayAt[]): Promise<void> {
  await db.execute(sql`delete from compliance_split_days s using (${days}) d where s.user_id = d.user_id and s.day between d.d0 and d.d1`);
  await db.execute(sql`
    insert into compliance_split_days (day, user_id)
    select c.day, c.user_id from compliance_daily c join (${days}) d on c.user_id = d.user_id and c.day between d.d0 and d.d1
    group by 1, 2 having count(*) > 1`);
  if (compliance.length > 0) {
    const pairs = pairsOf(compliance);
    await db.execute(sql`delete from compliance_location_daily x using (${pairs}) p where x.day = p.d and x.group_id = p.g`);
    await db.execute(sql`
      insert into compliance_location_daily (day, group_id, entry_opportunities, entry_compliant, exit_opportunities, exit_compliant,
                                             visit_count, visit_seconds, ratio_sum, ratio_users)
      select c.day, c.group_id, sum(c.entry_opportunities), sum(c.entry_compliant), sum(c.exit_opportunities), sum(c.exit_compliant),
             sum(c.visit_count), sum(c.visit_seconds),
             coalesce(sum((c.entry_compliant + c.exit_compliant)::numeric / (c.entry_opportunities + c.exit_opportunities)) filter (where s.user_id is null), 0),
             count(*) filter (where s.user_id is null)
      from compliance_daily c
      join (${pairs}) p on c.day = p.d and c.group_id = p.g
      left join compliance_split_days s on s.day = c.day and s.user_id = c.user_id
      group by 1, 2`);
  }
  if (hygiene.length > 0) {
    const pairs = pairsOf(hygiene);
    await db.execute(sql`delete from hygiene_location_daily x using (${pairs}) p where x.day = p.d and x.group_id = p.g`);
    await db.execute(sql`
      insert into hygiene_location_daily (day, group_id, wash_type, wash_count, duration_sum, duration_count)
      select h.day, h.group_id, h.wash_type, sum(h.wash_count), sum(h.duration_sum::float8), sum(h.duration_count)
      from hygiene_daily h join (${pairs}) p on h.day = p.d and h.group_id = p.g
      group by 1, 2, 3`);
  }
}

/**
 * Recomputes bed_visit_days for every (day, location) whose bed visits were removed or written
 * (`touched`), from the counted bed visits entering on that day of the location's clock.
 */
export async function rollUpBedVisits(db: Database, touched: readonly DayAt[]): Promise<void> {
  if (touched.length === 0) return;
  const pairs = pairsOf(touched);
  await db.execute(sql`delete from bed_visit_days x using (${pairs}) p where x.day = p.d and x.group_id = p.g`);
  await db.execute(sql`
    insert into bed_visit_days (group_id, day, visit_count, visit_seconds, user_ids, beacon_ids)
    select p.g, p.d, count(*), sum(b.duration_s),
           array_agg(distinct b.user_id order by b.user_id), array_agg(distinct b.beacon_id order by b.beacon_id)
    from (${pairs}) p
    join groups g on g.id = p.g
    join bed_visits b on b.group_id = p.g and b.counted
      and b.entry_at >= p.d::timestamp at time zone g.time_zone and b.entry_at < (p.d + 1)::timestamp at time zone g.time_zone
    group by 1, 2`);
}
