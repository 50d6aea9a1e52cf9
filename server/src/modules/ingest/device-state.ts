import { sql, type SQL } from 'drizzle-orm';
import { arrayText } from './bulk-insert';
import type { ResolvedBatch } from './resolve';

/**
 * The UPDATEs of device state, read back from the stored events (this batch's included), so a
 * heartbeat or a check-in that arrives late never overwrites a later one: each device's latest
 * heartbeat and latest battery readings; the station a wristband was last docked in.
 */
export function deviceStateStatements(b: ResolvedBatch): SQL[] {
  const out: SQL[] = [];
  const beating = [...new Set(b.heartbeat.map((h) => h.deviceId))];
  if (beating.length > 0) {
    out.push(sql`
      update devices d set
        last_heartbeat_at = greatest(d.last_heartbeat_at, latest.ts),
        battery_percent = coalesce((select h.battery_percent from heartbeat_events h
          where h.device_id = d.id and h.battery_percent is not null order by h.ts desc, h.event_id desc limit 1), d.battery_percent),
        battery_mv = coalesce((select h.battery_mv from heartbeat_events h
          where h.device_id = d.id and h.battery_mv is not null order by h.ts desc, h.event_id desc limit 1), d.battery_mv)
      from (select device_id, max(ts) as ts from heartbeat_events where device_id = any(${arrayText(beating)}::int[]) group by device_id) latest
      where d.id = latest.device_id`);
  }
  const docked = [...new Set(b.station.map((s) => s.wearableId))];
  if (docked.length > 0) {
    out.push(sql`
      update devices d set gateway_id = last.gateway_id
      from (select distinct on (wearable_id) wearable_id, gateway_id from station_events
            where wearable_id = any(${arrayText(docked)}::int[]) order by wearable_id, ts desc, event_id desc) last
      where d.id = last.wearable_id`);
  }
  return out;
}

/**
 * Locks the device rows a batch's state changes will update, and the gateways a docked wristband
 * will point to (whose row the foreign key check locks), in id order: batches stored side by side
 * then wait for each other instead of deadlocking on devices locked in different orders.
 */
export function deviceLock(b: ResolvedBatch): SQL | null {
  const named = [...b.heartbeat.map((h) => h.deviceId), ...b.station.flatMap((s) => [s.wearableId, s.gatewayId])];
  const ids = [...new Set(named)].sort((x, y) => x - y);
  if (ids.length === 0) return null;
  return sql`select id from devices where id = any(${arrayText(ids)}::int[]) order by id for update`;
}
