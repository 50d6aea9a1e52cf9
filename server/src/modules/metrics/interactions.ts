import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';

// Keeps `interactions` (docs/METRICS.md 'Exposure and contact tracing') equal to the overlaps of the derived visits. A window
// (user_id, a, b) whose visits entering in [a, b] were just recomputed can change only overlaps
// starting in [a, b + 12 h]: an overlap starts at the later entry and a visit lasts at most 12 h.

/** The longest stay that is still a visit (derive.ts). */
const MAX_VISIT = sql`interval '12 hours'`;

/** An overlap that counts: more than 30 s and less than 2 h together in one room. */
const QUALIFIES = sql`end_at - start_at > interval '30 seconds' and end_at - start_at < interval '2 hours'`;

/** Recomputes the interactions of these wearers' windows, from both sides, after their visits. */
export async function deriveInteractions(db: Database, w: SQL): Promise<void> {
  const until = sql`w.b + ${MAX_VISIT}`;
  // Both sides of every overlap go: the window's wearer's rows, then the mirrors naming them.
  await db.execute(sql`
    delete from interactions i using (${w}) w
    where i.user_id = w.user_id and i.start_at >= w.a and i.start_at <= ${until}`);
  await db.execute(sql`
    delete from interactions i using (${w}) w
    where i.contact_id = w.user_id and i.start_at >= w.a and i.start_at <= ${until}`);
  await db.execute(sql`
    with w as (${w}),
    mine as (
      select v.user_id, v.zone_id, v.group_id, v.entry_at, v.exit_at, w.a, w.b
      from visits v join w on v.user_id = w.user_id
      where v.entry_at >= w.a - ${MAX_VISIT} and v.entry_at <= ${until}
    ),
    pairs as (
      select m.user_id, o.user_id as contact_id, m.zone_id, m.group_id, o.group_id as contact_group_id,
             greatest(m.entry_at, o.entry_at) as start_at, least(m.exit_at, o.exit_at) as end_at, m.a, m.b
      from mine m join visits o on o.zone_id = m.zone_id and o.user_id <> m.user_id
        and o.entry_at >= m.entry_at - ${MAX_VISIT} and o.entry_at < m.exit_at and o.exit_at > m.entry_at
    ),
    q as (
      select * from pairs where ${QUALIFIES} and start_at >= a and start_at <= b + ${MAX_VISIT}
    )
    insert into interactions (user_id, contact_id, zone_id, start_at, end_at, group_id, contact_group_id)
    select user_id, contact_id, zone_id, start_at, end_at, group_id, contact_group_id from q
    union all
    select contact_id, user_id, zone_id, start_at, end_at, contact_group_id, group_id from q
    on conflict do nothing`);
}

/** The same overlaps by a plain scan of the visits: what the tests compare the table against. */
export function interactionsFromVisits(): SQL {
  return sql`
    with pairs as (
      select a.user_id, b.user_id as contact_id, a.zone_id, a.group_id, b.group_id as contact_group_id,
             greatest(a.entry_at, b.entry_at) as start_at, least(a.exit_at, b.exit_at) as end_at
      from visits a join visits b on a.zone_id = b.zone_id and a.user_id <> b.user_id
        and a.entry_at < b.exit_at and b.entry_at < a.exit_at
    )
    select user_id, contact_id, zone_id, start_at, end_at, group_id, contact_group_id from pairs where ${QUALIFIES}`;
}
