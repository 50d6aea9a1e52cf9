import { sql } from 'drizzle-orm';
import { idIn } from '../../core/sql';
import type { IngestResponse } from '../../contracts/ingest';
import type { Database } from '../../db/client';
import {
  bedEvents,
  counterEvents,
  dispenseEvents,
  eventLedger,
  heartbeatEvents,
  hygieneEvents,
  presenceEvents,
  reminderEvents,
  stationEvents,
  type DeviceRow,
} from '../../db/schema';
import { type DerivationSpans, deriveSpans } from '../metrics/derive';
import { bulkInsert } from './bulk-insert';
import { loadDirectory } from './directory';
import { macsOf, parseEvents, resolveEvents, type ResolvedBatch } from './resolve';

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
    await insertChunked(tx as unknown as Database, stored);
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
 * Each device's latest heartbeat and its latest battery readings; the station a wristband was last
 * docked in. Read back from the stored events, so a heartbeat or a check-in that arrives late
 * never overwrites a later one.
 */
async function updateDeviceState(db: Database, b: ResolvedBatch): Promise<void> {
  const beating = [...new Set(b.heartbeat.map((h) => h.deviceId))];
  if (beating.length > 0) {
    await db.execute(sql`
      update devices d set
        last_heartbeat_at = greatest(d.last_heartbeat_at, latest.ts),
        battery_percent = coalesce((select h.battery_percent from heartbeat_events h
          where h.device_id = d.id and h.battery_percent is not null order by h.ts desc, h.event_id desc limit 1), d.battery_percent),
        battery_mv = coalesce((select h.battery_mv from heartbeat_events h
          where h.device_id = d.id and h.battery_mv is not null order by h.ts desc, h.event_id desc limit 1), d.battery_mv)
      from (select device_id, max(ts) as ts from heartbeat_events where ${idIn(sql`device_id`, beating)} group by device_id) latest
      where d.id = latest.device_id`);
  }
  const docked = [...new Set(b.station.map((s) => s.wearableId))];
  if (docked.length > 0) {
    await db.execute(sql`
      update devices d set gateway_id = last.gateway_id
      from (select distinct on (wearable_id) wearable_id, gateway_id from station_events
            where ${idIn(sql`wearable_id`, docked)} order by wearable_id, ts desc, event_id desc) last
      where d.id = last.wearable_id`);
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

/** What the stored events touched: each wearer's, wearable's and dispenser's span. */
export function spansOfBatch(b: ResolvedBatch): DerivationSpans {
  const byUser = span(
    [...b.presence, ...b.bed, ...b.hygiene, ...b.reminder, ...b.station] as { userId: number | null; ts: Date }[],
    (r) => r.userId,
    (r) => r.ts,
  );
  const byWearable = span(
    [...b.presence, ...b.hygiene.filter((h) => h.source === 'WRISTBAND')] as { wearableId: number | null; ts: Date }[],
    (r) => r.wearableId,
    (r) => r.ts,
  );
  return {
    users: [...byUser].map(([userId, s]) => ({ userId, ...s })),
    wearables: [...byWearable].map(([id, s]) => ({ id, ...s })),
    dispensers: [...span(b.dispense, (r) => r.dispenserId, (r) => r.ts)].map(([dispenserId, s]) => ({ dispenserId, ...s })),
  };
}

/** Recomputes the derived rows the stored events can change. */
export async function deriveBatch(db: Database, b: ResolvedBatch): Promise<void> {
  await deriveSpans(db, spansOfBatch(b));
}
