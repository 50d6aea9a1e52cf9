import { sql, type SQL } from 'drizzle-orm';
import { arrayText } from './bulk-insert.repo';
import type { ResolvedBatch } from './resolve';

/**
 * The UPDATEs of device state, read back from the stored events (this batch's included), so a
 * heartbeat or a check-in that arrives late never overwrites a later one: each device's latest
 * heartbeat and latest battery readings; the station a wristband was last docked in. Each value
 * is the first row of its device's index on (device, ts, event id), newest first: a few rows per
 * monthly partition, however long the device's history.
 */
export function deviceStateStatements(b: ResolvedBatch): SQL[] {
  const out: SQL[] = [];
  const beating = [...new Set(b.heartbeat.map((h) => h.deviceId))];
  if (beating.length > 0) {
    const newest = (column: SQL, where: SQL) =>
      sql`(select ${column} from heartbeat_events h where h.device_id = b.id ${where} order by h.ts desc, h.event_id desc limit 1)`;
    out.push(sql`
      update devices d set
        last_heartbeat_at = greatest(d.last_heartbeat_at, latest.ts),
        battery_percent = coalesce(latest.battery_percent, d.battery_percent),
        battery_mv = coalesce(latest.battery_mv, d.battery_mv)
      from (select b.id,
              ${newest(sql`h.ts`, sql``)} as ts,
              ${newest(sql`h.battery_percent`, sql`and h.battery_percent is not null`)} as battery_percent,
              ${newest(sql`h.battery_mv`, sql`and h.battery_mv is not null`)} as battery_mv
            from unnest(${arrayText(beating)}::int[]) as b(id)) latest
      where d.id = latest.id`);
  }
  const docked = [...new Set(b.station.map((s) => s.wearableId))];
  if (docked.length > 0) {
    out.push(sql`
      update devices d set gateway_id = last.gateway_id
      from (select w.id, (select s.gateway_id from station_events s where s.wearable_id = w.id order by s.ts desc, s.event_id desc limit 1) as gateway_id
            from unnest(${arrayText(docked)}::int[]) as w(id)) last
      where d.id = last.id and last.gateway_id is not null`);
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
