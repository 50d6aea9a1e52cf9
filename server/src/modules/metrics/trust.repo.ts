import { sql, type SQL } from 'drizzle-orm';
import type { TrustDevice } from '../../contracts/reports/trust';
import type { Database } from '../../db/client';
import { idIn, isoOrNull } from '../../core/sql';
import type { DayRange } from './filters';
import type { TrustFigures } from './trust';

// The figures data trust judges (docs/METRICS.md 'Data trust'), read from the derived tables
// shift_days, device_heartbeat_days, dispense_daily and compliance_location_daily, with the
// devices placed at each location now.

const HOUR_MS = 3_600_000;

/** Hours of a UTC day that have passed at `now`: 24 for a day that has ended, 0 for one to come. */
export function possibleHours(day: string, now: Date): number {
  const start = Date.parse(`${day}T00:00:00Z`);
  return Math.max(0, Math.min(24, Math.floor((now.getTime() - start) / HOUR_MS)));
}

/** The location's active, published dispensers, room beacons and gateways. */
function trustDevices(groupIds: readonly number[]): SQL {
  return sql`
    select d.id, d.group_id, d.name, d.mac, d.last_heartbeat_at,
           case when d.type = 'BEACON' then 'ROOM_BEACON' else d.type end as kind
    from devices d
    left join zones z on z.id = d.zone_id
    where ${idIn(sql`d.group_id`, groupIds)} and d.active and not d.staged
      and (d.type in ('DISPENSER', 'GATEWAY')
           or (d.type = 'BEACON' and d.physical_role = 'ROOM' and z.type in ('PATIENT_ROOM', 'CDIFF')))`;
}

/** Each device of the locations on each day of the range, with whether it was heard and used. */
function deviceDays(groupIds: readonly number[], range: DayRange): SQL {
  return sql`
    select dev.id, dev.group_id, dev.kind, dev.name, dev.mac, dev.last_heartbeat_at, g.day,
           exists (select 1 from device_heartbeat_days h where h.device_id = dev.id and h.day between g.day - 1 and g.day)
             or (dev.kind = 'DISPENSER' and exists (select 1 from dispense_daily x where x.dispenser_id = dev.id and x.day between g.day - 1 and g.day)) as heard,
           dev.kind <> 'DISPENSER'
             or exists (select 1 from dispense_daily x where x.dispenser_id = dev.id and x.day between g.day - 9 and g.day) as used,
           coalesce((select h.hours from device_heartbeat_days h where h.device_id = dev.id and h.day = g.day), 0) as hours
    from (${trustDevices(groupIds)}) dev
    cross join lateral (select d::date as day from generate_series(${range.start}::date, ${range.end}::date, interval '1 day') d) g`;
}

/** The figures of every location-day of the range (the locations' names with them). */
export async function trustFigures(db: Database, groupIds: readonly number[], range: DayRange, now: Date): Promise<TrustFigures[]> {
  if (groupIds.length === 0) return [];
  const rows = await db.execute<{
    group_id: number; group_name: string; day: string; on_shift: number; seen: number;
    dispensers: number; silent_dispensers: number; idle_dispensers: number; unwell_dispensers: number; stopped_dispensers: number;
    room_beacons: number; silent_beacons: number; gateways: number; gateway_hours: number; quietest_gateway_hours: number; opportunities: number;
  }>(sql`
    with gd as (
      select g.id as group_id, g.name as group_name, d::date as day
      from groups g, generate_series(${range.start}::date, ${range.end}::date, interval '1 day') d
      where ${idIn(sql`g.id`, groupIds)}
    ),
    dd as (${deviceDays(groupIds, range)}),
    devs as (
      select group_id, day,
             count(*) filter (where kind = 'DISPENSER')::int as dispensers,
             count(*) filter (where kind = 'DISPENSER' and not heard)::int as silent_dispensers,
             count(*) filter (where kind = 'DISPENSER' and not used)::int as idle_dispensers,
             count(*) filter (where kind = 'DISPENSER' and (not heard or not used))::int as unwell_dispensers,
             count(*) filter (where kind = 'DISPENSER' and not heard and used)::int as stopped_dispensers,
             count(*) filter (where kind = 'ROOM_BEACON')::int as room_beacons,
             count(*) filter (where kind = 'ROOM_BEACON' and not heard)::int as silent_beacons,
             count(*) filter (where kind = 'GATEWAY')::int as gateways,
             coalesce(sum(hours) filter (where kind = 'GATEWAY'), 0)::int as gateway_hours,
             coalesce(min(hours) filter (where kind = 'GATEWAY'), 0)::int as quietest_gateway_hours
      from dd group by group_id, day
    ),
    shifts as (
      select group_id, day, count(*)::int as on_shift, count(*) filter (where seen)::int as seen
      from shift_days
      where ${idIn(sql`group_id`, groupIds)} and day between ${range.start}::date and ${range.end}::date
      group by group_id, day
    ),
    opps as (
      select group_id, day, sum(entry_opportunities + exit_opportunities)::int as opportunities
      from compliance_location_daily
      where ${idIn(sql`group_id`, groupIds)} and day between ${range.start}::date and ${range.end}::date
      group by group_id, day
    )
    select gd.group_id, gd.group_name, gd.day::text as day,
           coalesce(s.on_shift, 0) as on_shift, coalesce(s.seen, 0) as seen,
           coalesce(v.dispensers, 0) as dispensers, coalesce(v.silent_dispensers, 0) as silent_dispensers,
           coalesce(v.idle_dispensers, 0) as idle_dispensers, coalesce(v.unwell_dispensers, 0) as unwell_dispensers,
           coalesce(v.stopped_dispensers, 0) as stopped_dispensers,
           coalesce(v.room_beacons, 0) as room_beacons, coalesce(v.silent_beacons, 0) as silent_beacons,
           coalesce(v.gateways, 0) as gateways, coalesce(v.gateway_hours, 0) as gateway_hours,
           coalesce(v.quietest_gateway_hours, 0) as quietest_gateway_hours,
           coalesce(o.opportunities, 0) as opportunities
    from gd
    left join devs v on v.group_id = gd.group_id and v.day = gd.day
    left join shifts s on s.group_id = gd.group_id and s.day = gd.day
    left join opps o on o.group_id = gd.group_id and o.day = gd.day
    order by gd.group_id, gd.day`);
  return rows.rows.map((r) => ({
    groupId: Number(r.group_id),
    groupName: r.group_name,
    day: r.day,
    onShift: Number(r.on_shift),
    seen: Number(r.seen),
    dispensers: Number(r.dispensers),
    silentDispensers: Number(r.silent_dispensers),
    idleDispensers: Number(r.idle_dispensers),
    unwellDispensers: Number(r.unwell_dispensers),
    stoppedDispensers: Number(r.stopped_dispensers),
    roomBeacons: Number(r.room_beacons),
    silentBeacons: Number(r.silent_beacons),
    gateways: Number(r.gateways),
    gatewayHours: Number(r.gateway_hours),
    quietestGatewayHours: Number(r.quietest_gateway_hours),
    possibleHours: possibleHours(r.day, now),
    opportunities: Number(r.opportunities),
  }));
}

/** One location's devices that were silent, unused or short of hours on a day of the range. */
export async function unwellDevices(db: Database, groupId: number, range: DayRange, now: Date): Promise<Map<string, TrustDevice[]>> {
  const rows = await db.execute<{ id: number; kind: string; name: string; mac: string; last_heartbeat_at: string | null; day: string; heard: boolean; used: boolean; hours: number }>(sql`
    select id, kind, name, mac, last_heartbeat_at, day::text as day, heard, used, hours
    from (${deviceDays([groupId], range)}) dd
    order by day, kind, name, id`);
  const out = new Map<string, TrustDevice[]>();
  for (const r of rows.rows) {
    const possible = possibleHours(r.day, now);
    const shortOfHours = r.kind === 'GATEWAY' && possible > 0 && Number(r.hours) < possible;
    const problems = [
      !r.heard && (r.kind === 'GATEWAY' ? null : r.kind === 'DISPENSER' ? 'Silent: no heartbeat or dispense that day or the day before' : 'Silent: no heartbeat that day or the day before'),
      !r.used && 'No dispense that day or in the 9 days before',
      shortOfHours && `Heard ${Math.min(Number(r.hours), possible)} of ${possible} hours`,
    ].filter((p): p is string => typeof p === 'string');
    if (problems.length === 0) continue;
    const type = r.kind === 'ROOM_BEACON' ? 'BEACON' : (r.kind as 'DISPENSER' | 'GATEWAY');
    const list = out.get(r.day) ?? [];
    list.push({ id: Number(r.id), type, name: r.name, mac: r.mac, problem: problems.map((p) => `${p}.`).join(' '), lastHeartbeatAt: isoOrNull(r.last_heartbeat_at) });
    out.set(r.day, list);
  }
  return out;
}
