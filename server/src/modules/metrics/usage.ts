import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dayBetween, type DayRange } from './filters';
import { idIn } from '../../core/sql';
import { type IdWindow, userWindows } from './windows';

// Wearable sessions (docs/METRICS.md 'Wearables and staff rounding'): a session starts at a check-out from a charging station
// or at the wearer's first event after a pause, and ends at a check-in or at the last event before
// a gap of more than 2 hours. Only events inside the range count, so a session is cut at its edges.
//
// wear_session_days keeps each session cut at UTC midnight. Report ranges are whole UTC days, so
// a session's part inside a range runs from its earliest in-range day's first event to its
// latest in-range day's last event: exactly the session computed from the range's events alone.

/** More than this between two events of a wearer ends a session. */
export const SESSION_GAP = '2 hours';

export interface Session {
  userId: number;
  start: Date;
  end: Date;
}

interface WindowBounds {
  /** A relation (user_id, a, b): each wearer's events from a count. */
  windows: SQL;
  /** Whether b itself is included (derivation) or excluded (a range's exclusive end). */
  closed: boolean;
}

/** Every event of the windows with the session it belongs to (user_id, ts, session_start). */
function sessionEvents({ windows, closed }: WindowBounds): SQL {
  const inWindow = (table: string) => {
    const t = sql.raw(table);
    return sql`join w on ${t}.user_id = w.user_id and ${t}.ts >= w.a and ${closed ? sql`${t}.ts <= w.b` : sql`${t}.ts < w.b`}`;
  };
  return sql`
    with w as (${windows}),
    e as (
      select presence_events.user_id, ts, 'E' as kind from presence_events ${inWindow('presence_events')}
      union all select bed_events.user_id, ts, 'E' from bed_events ${inWindow('bed_events')}
      union all select hygiene_events.user_id, ts, 'E' from hygiene_events ${inWindow('hygiene_events')}
      union all select reminder_events.user_id, ts, 'E' from reminder_events ${inWindow('reminder_events')}
      union all select station_events.user_id, ts, case action when 'CHECK_OUT' then 'O' else 'I' end
        from station_events ${inWindow('station_events')}
    ),
    s as (
      select user_id, ts, kind,
             lag(ts) over (partition by user_id order by ts, kind) as prev_ts,
             lag(kind) over (partition by user_id order by ts, kind) as prev_kind
      from e
    ),
    g as (
      select user_id, ts,
             sum(case when prev_ts is null or ts - prev_ts > interval '${sql.raw(SESSION_GAP)}' or kind = 'O' or prev_kind = 'I'
                      then 1 else 0 end) over (partition by user_id order by ts, kind rows unbounded preceding) as session
      from s
    )
    select user_id, ts, min(ts) over (partition by user_id, session) as session_start from g`;
}

const rangeWindows = (userIds: readonly number[], range: DayRange) =>
  userWindows(userIds.map((id) => ({ id, from: range.from, to: range.to })));

/** The wearers' sessions in the range computed from raw events: the scan the rollup must equal. */
export async function sessionsScan(db: Database, userIds: readonly number[], range: DayRange): Promise<Session[]> {
  if (userIds.length === 0) return [];
  const result = await db.execute<{ user_id: number; lo: string; hi: string }>(sql`
    select user_id, min(ts) as lo, max(ts) as hi
    from (${sessionEvents({ windows: rangeWindows(userIds, range), closed: false })}) x
    group by user_id, session_start order by user_id, lo`);
  return result.rows.map((r) => ({ userId: r.user_id, start: new Date(r.lo), end: new Date(r.hi) }));
}

/** The wearers' sessions in the range, oldest first. */
export async function sessionsOf(db: Database, userIds: readonly number[], range: DayRange): Promise<Session[]> {
  if (userIds.length === 0) return [];
  const result = await db.execute<{ user_id: number; lo: string; hi: string }>(sql`
    select user_id, min(first_at) as lo, max(last_at) as hi
    from wear_session_days
    where ${idIn(sql`user_id`, userIds)} and ${dayBetween(sql`day`, range)}
    group by user_id, session_start order by user_id, lo`);
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

/**
 * Recomputes wear_session_days for wearers whose events in [from, to] changed. Every stored
 * session within SESSION_GAP of a window may merge with or split around its new events, so each
 * window first grows to cover those sessions whole; outside the grown window nothing can change.
 * Returns the grown windows. A wearer whose grown window would reach before their retention
 * horizon keeps their sessions as they are: the events that began them are gone (docs/PRIVACY.md
 * 'Retention').
 */
export async function deriveSessions(db: Database, windows: readonly IdWindow[], horizons: ReadonlyMap<number, Date> = new Map()): Promise<IdWindow[]> {
  if (windows.length === 0) return [];
  const w = userWindows(windows);
  const grown = await db.execute<{ id: number; a: string; b: string }>(sql`
    with w as (${w}),
    hit as (
      select distinct q.user_id, q.session_start
      from wear_session_days q join w on q.user_id = w.user_id
      where q.last_at >= w.a - interval '${sql.raw(SESSION_GAP)}' and q.first_at <= w.b + interval '${sql.raw(SESSION_GAP)}'
    ),
    span as (
      select h.user_id, min(h.session_start) as s, max(p.last_at) as e
      from hit h join wear_session_days p on p.user_id = h.user_id and p.session_start = h.session_start
      group by h.user_id
    )
    select w.user_id as id, least(w.a, span.s) as a, greatest(w.b, span.e) as b
    from w left join span on span.user_id = w.user_id`);
  const grownWindows = grown.rows
    .map((r) => ({ id: r.id, from: new Date(r.a), to: new Date(r.b) }))
    .filter((w) => !(w.from < (horizons.get(w.id) ?? w.from)));
  if (grownWindows.length === 0) return [];
  const g = userWindows(grownWindows);
  await db.execute(sql`
    delete from wear_session_days p using (${g}) g
    where p.user_id = g.user_id and p.session_start >= g.a and p.session_start <= g.b`);
  await db.execute(sql`
    insert into wear_session_days (user_id, day, session_start, first_at, last_at)
    select user_id, (ts at time zone 'UTC')::date, session_start, min(ts), max(ts)
    from (${sessionEvents({ windows: g, closed: true })}) x
    group by 1, 2, 3`);
  return grownWindows;
}
