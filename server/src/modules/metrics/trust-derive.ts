import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { TimeSpan } from './derive';
import { type IdWindow, mergeWindows, windowsParam } from './windows';

// The two derived tables data trust reads (docs/METRICS.md 'Data trust'): per wearer, kiosk
// location and UTC day, whether the location's beacons saw the wearer (shift_days); per device
// and UTC day, its heartbeats and the hours that had one (device_heartbeat_days).

/**
 * Recomputes shift_days for the wearers' UTC days `days` (user_id, d0, d1): a wearable taken from
 * a kiosk (a station check-out at a gateway placed at a location) puts the wearer on shift there
 * that day, seen when a presence event of theirs at that location falls on the same day.
 */
export async function deriveShiftDays(db: Database, days: SQL): Promise<void> {
  await db.execute(sql`delete from shift_days s using (${days}) d where s.user_id = d.user_id and s.day between d.d0 and d.d1`);
  await db.execute(sql`
    insert into shift_days (day, user_id, group_id, seen)
    select k.day, k.user_id, k.group_id,
           exists (select 1 from presence_events p
                   where p.user_id = k.user_id and p.group_id = k.group_id
                     and p.ts >= k.day::timestamp at time zone 'UTC'
                     and p.ts < (k.day + 1)::timestamp at time zone 'UTC')
    from (
      select distinct (e.ts at time zone 'UTC')::date as day, e.user_id, g.group_id
      from station_events e
      join (${days}) d on e.user_id = d.user_id
        and e.ts >= d.d0::timestamp at time zone 'UTC'
        and e.ts < (d.d1 + 1)::timestamp at time zone 'UTC'
      join devices g on g.id = e.gateway_id
      where e.action = 'CHECK_OUT' and g.group_id is not null
    ) k`);
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
