import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { TimeSpan } from './derive';
import { type IdWindow, mergeWindows, windowsParam } from './windows';

// The two derived tables data trust reads (docs/METRICS.md 'Data trust'): per wearer and UTC day
// of a kiosk check-out, whether a room beacon saw the wearer on that shift (shift_days); per device
// and UTC day, its heartbeats and the hours that had one (device_heartbeat_days).

/** How long after taking a wearable from a kiosk the wearer must be seen in a room: a shift's length. */
export const SHIFT_SEEN_WITHIN = '12 hours';

/**
 * Recomputes shift_days for the wearers' UTC days `days` (user_id, d0, d1): a wearable taken from
 * a kiosk (a station check-out) puts the wearer on shift at their home location that day, seen
 * when a room presence event of theirs follows one of the day's check-outs within
 * SHIFT_SEEN_WITHIN. (A wearer's window reaches 13 hours before their events, so a late presence
 * event re-derives every check-out it can answer.)
 */
export async function deriveShiftDays(db: Database, days: SQL): Promise<void> {
  await db.execute(sql`delete from shift_days s using (${days}) d where s.user_id = d.user_id and s.day between d.d0 and d.d1`);
  await db.execute(sql`
    insert into shift_days (day, user_id, group_id, seen)
    select (e.ts at time zone 'UTC')::date, e.user_id, u.group_id,
           bool_or(exists (select 1 from presence_events p
                           where p.user_id = e.user_id and p.ts >= e.ts and p.ts <= e.ts + ${SHIFT_SEEN_WITHIN}::interval))
    from station_events e
    join (${days}) d on e.user_id = d.user_id
      and e.ts >= d.d0::timestamp at time zone 'UTC'
      and e.ts < (d.d1 + 1)::timestamp at time zone 'UTC'
    join users u on u.id = e.user_id
    where e.action = 'CHECK_OUT' and u.group_id is not null
    group by 1, 2, 3`);
}

/** Recomputes device_heartbeat_days for these devices over the UTC days of these spans (which it returns). */
export async function deriveHeartbeatDays(db: Database, windows: readonly IdWindow[]): Promise<TimeSpan[]> {
  if (windows.length === 0) return [];
  const merged = mergeWindows(windows, (w) => w.id);
  const days = sql`select id as device_id, (a at time zone 'UTC')::date as d0, (b at time zone 'UTC')::date as d1
                   from jsonb_to_recordset(${windowsParam(merged)}::jsonb) as r(id int, a timestamptz, b timestamptz)`;
  await db.execute(sql`delete from device_heartbeat_days x using (${days}) d where x.device_id = d.device_id and x.day between d.d0 and d.d1`);
  await db.execute(sql`
    insert into device_heartbeat_days (day, device_id, beats, hours)
    select (h.ts at time zone 'UTC')::date, h.device_id, count(*),
           count(distinct extract(hour from h.ts at time zone 'UTC'))
    from heartbeat_events h
    join (${days}) d on h.device_id = d.device_id
      and h.ts >= d.d0::timestamp at time zone 'UTC'
      and h.ts < (d.d1 + 1)::timestamp at time zone 'UTC'
    group by 1, 2`);
  return merged;
}
