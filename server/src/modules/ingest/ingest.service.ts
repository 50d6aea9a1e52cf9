import { eq, sql } from 'drizzle-orm';
import type { IngestResponse } from '../../contracts/ingest';
import type { Database } from '../../db/client';
import {
  bedEvents,
  counterEvents,
  devices,
  dispenseEvents,
  eventLedger,
  heartbeatEvents,
  hygieneEvents,
  presenceEvents,
  reminderEvents,
  stationEvents,
  type DeviceRow,
} from '../../db/schema';
import { deriveDispensers, deriveUsers, type DispenserWindow, type UserWindow } from '../metrics/derive';
import { bulkInsert } from './bulk-insert';
import { loadDirectory } from './directory';
import { emptyBatch, macsOf, parseEvents, resolveEvents, type HygieneRow, type ResolvedBatch } from './resolve';

export { IngestError } from './resolve';

export interface IngestOptions {
  /** The gateway that sent the batch: every device named must be of its site. */
  gateway?: DeviceRow | null;
  /** Update the derived tables (default true); a bulk load derives once at the end instead. */
  derive?: boolean;
}

/**
 * Stores a batch of gateway events. All or nothing: the first invalid or unresolvable event
 * refuses the whole batch (IngestError). Event ids already stored are ignored, so replaying a
 * batch changes nothing.
 */
export async function ingestEvents(db: Database, events: readonly unknown[], opts: IngestOptions = {}): Promise<IngestResponse> {
  const parsed = parseEvents(events);
  if (parsed.length === 0) return { accepted: 0, duplicates: 0 };
  const macs = [...new Set(parsed.flatMap(macsOf))];
  const earliest = new Date(Math.min(...parsed.map((e) => Date.parse(e.at))));
  const reminderZones = parsed.flatMap((e) => (e.type === 'reminder' ? [e.zoneId] : []));
  const directory = await loadDirectory(db, macs, earliest, reminderZones);
  const batch = resolveEvents(directory, parsed, opts.gateway ?? null);

  return db.transaction(async (tx) => {
    const fresh = new Set<string>();
    const ledger = batch.ledger.map((l) => ({ ...l, gatewayId: opts.gateway?.id ?? null }));
    const inserted = await bulkInsert(tx as unknown as Database, eventLedger, ledger, { onConflictDoNothing: true, returning: 'eventId' });
    for (const id of inserted) fresh.add(String(id));
    const keep = <T extends { eventId: string }>(rows: T[]) => rows.filter((r) => fresh.has(r.eventId));
    const stored: ResolvedBatch = {
      ledger: [],
      presence: keep(batch.presence),
      bed: keep(batch.bed),
      hygiene: keep(batch.hygiene),
      dispense: keep(batch.dispense),
      reminder: keep(batch.reminder),
      heartbeat: keep(batch.heartbeat),
      station: keep(batch.station),
      counters: keep(batch.counters),
    };
    // Washes are placed by the wearer's presence, so presence (of this batch too) goes in first.
    await insertChunked(tx as unknown as Database, { ...stored, hygiene: [] });
    await placeWristbandWashes(tx as unknown as Database, stored.hygiene);
    await insertChunked(tx as unknown as Database, { ...emptyBatch(), hygiene: stored.hygiene });
    await updateDeviceState(tx as unknown as Database, stored);
    if (opts.derive ?? true) await deriveBatch(tx as unknown as Database, stored);
    return { accepted: fresh.size, duplicates: parsed.length - fresh.size };
  });
}

async function insertChunked(db: Database, b: ResolvedBatch): Promise<void> {
  const pairs = [
    [presenceEvents, b.presence],
    [bedEvents, b.bed],
    [hygieneEvents, b.hygiene],
    [dispenseEvents, b.dispense],
    [reminderEvents, b.reminder],
    [heartbeatEvents, b.heartbeat],
    [stationEvents, b.station],
    [counterEvents, b.counters],
  ] as const;
  for (const [table, rows] of pairs) await bulkInsert(db, table, rows as never[]);
}

/**
 * A wash the wristband detected happened where its wearer was: the room of the wearable's latest
 * presence event in the 12 hours before it, else the wearer's home location.
 */
async function placeWristbandWashes(db: Database, rows: HygieneRow[]): Promise<void> {
  const unplaced = rows.filter((r) => r.groupId === null);
  if (unplaced.length === 0) return;
  const param = JSON.stringify(unplaced.map((r, i) => ({ i, w: r.wearableId, u: r.userId, ts: r.ts.toISOString() })));
  const found = await db.execute<{ i: number; group_id: number | null }>(sql`
    select x.i, coalesce(
      (select p.group_id from presence_events p
        where p.wearable_id = x.w and p.ts <= x.ts and p.ts > x.ts - interval '12 hours'
        order by p.ts desc limit 1),
      (select u.group_id from users u where u.id = x.u)) as group_id
    from jsonb_to_recordset(${param}::jsonb) as x(i int, w int, u int, ts timestamptz)`);
  for (const row of found.rows) {
    const target = unplaced[row.i];
    if (target) target.groupId = row.group_id;
  }
}

/** Latest heartbeat and battery per device; the station a wristband was last docked in. */
async function updateDeviceState(db: Database, b: ResolvedBatch): Promise<void> {
  const latest = new Map<number, (typeof b.heartbeat)[number]>();
  for (const h of b.heartbeat) {
    const seen = latest.get(h.deviceId);
    if (!seen || seen.ts < h.ts) latest.set(h.deviceId, h);
  }
  for (const h of latest.values()) {
    await db.execute(sql`
      update devices set last_heartbeat_at = ${h.ts.toISOString()}::timestamptz,
        battery_percent = coalesce(${h.batteryPercent}::int, battery_percent),
        battery_mv = coalesce(${h.batteryMv}::int, battery_mv)
      where id = ${h.deviceId} and (last_heartbeat_at is null or last_heartbeat_at < ${h.ts.toISOString()}::timestamptz)`);
  }
  const docked = new Map<number, number>();
  for (const s of [...b.station].sort((x, y) => x.ts.getTime() - y.ts.getTime())) docked.set(s.wearableId, s.gatewayId);
  for (const [wearableId, gatewayId] of docked) {
    await db.update(devices).set({ gatewayId }).where(eq(devices.id, wearableId));
  }
}

function span<T>(rows: readonly T[], key: (row: T) => number | null, at: (row: T) => Date) {
  const out = new Map<number, { from: Date; to: Date }>();
  for (const row of rows) {
    const id = key(row);
    if (id === null) continue;
    const t = at(row);
    const seen = out.get(id);
    if (!seen) out.set(id, { from: t, to: t });
    else {
      if (t < seen.from) seen.from = t;
      if (t > seen.to) seen.to = t;
    }
  }
  return out;
}

/** Recomputes the derived rows the stored events can change. */
export async function deriveBatch(db: Database, b: ResolvedBatch): Promise<void> {
  const byUser = span(
    [...b.presence, ...b.bed, ...b.hygiene, ...b.reminder, ...b.station] as { userId: number | null; ts: Date }[],
    (r) => r.userId,
    (r) => r.ts,
  );
  const users: UserWindow[] = [...byUser].map(([userId, s]) => ({ userId, ...s }));
  const dispensers: DispenserWindow[] = [...span(b.dispense, (r) => r.dispenserId, (r) => r.ts)].map(([dispenserId, s]) => ({
    dispenserId,
    ...s,
  }));
  await deriveUsers(db, users);
  await deriveDispensers(db, dispensers);
}
