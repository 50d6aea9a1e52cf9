import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { DayRange } from './filters';
import { idIn } from './filters';

// Wearable sessions (docs/METRICS.md §7): a session starts at a check-out from a charging station
// or at the wearer's first event after a pause, and ends at a check-in or at the last event before
// a gap of more than 2 hours. Only events inside the range count, so a session is cut at its edges.

export interface Session {
  userId: number;
  start: Date;
  end: Date;
}

/** The wearers' sessions in the range, oldest first. */
export async function sessionsOf(db: Database, userIds: readonly number[], range: DayRange): Promise<Session[]> {
  if (userIds.length === 0) return [];
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const inRange = (table: string) =>
    sql`${sql.raw(table)}.ts >= ${from}::timestamptz and ${sql.raw(table)}.ts < ${to}::timestamptz and ${idIn(sql.raw(`${table}.user_id`), userIds)}`;
  const result = await db.execute<{ user_id: number; lo: string; hi: string }>(sql`
    with e as (
      select user_id, ts, 'E' as kind from presence_events where ${inRange('presence_events')}
      union all select user_id, ts, 'E' from bed_events where ${inRange('bed_events')}
      union all select user_id, ts, 'E' from hygiene_events where ${inRange('hygiene_events')}
      union all select user_id, ts, 'E' from reminder_events where ${inRange('reminder_events')}
      union all select user_id, ts, case action when 'CHECK_OUT' then 'O' else 'I' end
        from station_events where ${inRange('station_events')}
    ),
    s as (
      select user_id, ts, kind,
             lag(ts) over (partition by user_id order by ts, kind) as prev_ts,
             lag(kind) over (partition by user_id order by ts, kind) as prev_kind
      from e
    ),
    g as (
      select user_id, ts,
             sum(case when prev_ts is null or ts - prev_ts > interval '2 hours' or kind = 'O' or prev_kind = 'I'
                      then 1 else 0 end) over (partition by user_id order by ts, kind rows unbounded preceding) as session
      from s
    )
    select user_id, min(ts) as lo, max(ts) as hi from g group by user_id, session order by user_id, lo`);
  return result.rows.map((r) => ({ userId: r.user_id, start: new Date(r.lo), end: new Date(r.hi) }));
}

/** Each wearer's usage in milliseconds: the sum of their session lengths in the range. */
export async function usageMsByUser(db: Database, userIds: readonly number[], range: DayRange): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const s of await sessionsOf(db, userIds, range)) {
    out.set(s.userId, (out.get(s.userId) ?? 0) + (s.end.getTime() - s.start.getTime()));
  }
  return out;
}
