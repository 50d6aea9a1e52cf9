import { sql, type SQL } from 'drizzle-orm';
import { arrayText, unnestRows } from './bulk-insert';
import type { ResolvedBatch } from './resolve';

/**
 * The UPDATEs of device state: latest heartbeat and battery per device (an older heartbeat than
 * the stored one changes nothing); the station a wristband was last docked in.
 */
export function deviceStateStatements(b: ResolvedBatch): [SQL | null, SQL | null] {
  const latest = new Map<number, (typeof b.heartbeat)[number]>();
  for (const h of b.heartbeat) {
    const seen = latest.get(h.deviceId);
    if (!seen || seen.ts < h.ts) latest.set(h.deviceId, h);
  }
  const beats = [...latest.values()];
  const heartbeats = beats.length
    ? sql`
      update devices d set last_heartbeat_at = h.ts,
        battery_percent = coalesce(h.battery_percent, d.battery_percent),
        battery_mv = coalesce(h.battery_mv, d.battery_mv)
      from ${unnestRows('h', [
        { name: 'id', type: sql`int[]`, values: beats.map((h) => h.deviceId) },
        { name: 'ts', type: sql`timestamptz[]`, values: beats.map((h) => h.ts) },
        { name: 'battery_percent', type: sql`int[]`, values: beats.map((h) => h.batteryPercent) },
        { name: 'battery_mv', type: sql`int[]`, values: beats.map((h) => h.batteryMv) },
      ])}
      where d.id = h.id and (d.last_heartbeat_at is null or d.last_heartbeat_at < h.ts)`
    : null;
  const docked = new Map<number, number>();
  for (const s of [...b.station].sort((x, y) => x.ts.getTime() - y.ts.getTime())) docked.set(s.wearableId, s.gatewayId);
  const stations = docked.size
    ? sql`
      update devices d set gateway_id = s.gateway_id
      from ${unnestRows('s', [
        { name: 'id', type: sql`int[]`, values: [...docked.keys()] },
        { name: 'gateway_id', type: sql`int[]`, values: [...docked.values()] },
      ])}
      where d.id = s.id`
    : null;
  return [heartbeats, stations];
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
