import type { IngestResponse } from '../../contracts/ingest';
import { uniqueViolationOf } from '../../core/database-error';
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
import { bulkInsert, inOne, insertRows } from './bulk-insert';
import { deviceLock, deviceStateStatements } from './device-state';
import { spansOf } from './derive-windows';
import { loadDirectory } from './directory';
import { pendingStatement, spanDeriver } from './span-deriver';
import { macsOf, parseEvents, resolveEvents, type ResolvedBatch } from './resolve';

export { IngestError } from './resolve';

export interface IngestOptions {
  /** The gateway that sent the batch: every device named must be of its site. */
  gateway?: DeviceRow | null;
  /**
   * Update the derived tables before answering (true, the default); after answering, soon and
   * bounded ('deferred', see span-deriver.ts); or not at all (false: a bulk load derives once at the end).
   */
  derive?: boolean | 'deferred';
}

/** A batch checked and resolved, ready to store. */
interface ReadyBatch {
  batch: ResolvedBatch;
  gatewayId: number | null;
  /** Events sent, repeats within the batch included. */
  sent: number;
}

/**
 * Stores a batch of gateway events. All or nothing: the first invalid or unresolvable event
 * refuses the whole batch (IngestError). Event ids already stored are ignored, so replaying a
 * batch changes nothing.
 *
 * With derivation (the default) the answer comes once the derived rows the batch changes are
 * committed too: its spans are recorded with it and derived by the span deriver, together with
 * those of the batches stored meanwhile (span-deriver.ts).
 */
export async function ingestEvents(db: Database, events: readonly unknown[], opts: IngestOptions = {}): Promise<IngestResponse> {
  const parsed = parseEvents(events);
  if (parsed.length === 0) return { accepted: 0, duplicates: 0 };
  // What the directory must hold: the MACs named, the earliest moment, the zones named directly.
  const macs = new Set<string>();
  const reminderZones: number[] = [];
  let earliest = Infinity;
  for (const e of parsed) {
    for (const mac of macsOf(e)) macs.add(mac);
    earliest = Math.min(earliest, Date.parse(e.at));
    if (e.type === 'reminder') reminderZones.push(e.zoneId);
  }
  const directory = await loadDirectory(db, [...macs], new Date(earliest), reminderZones);
  const ready: ReadyBatch = { batch: resolveEvents(directory, parsed, opts.gateway ?? null), gatewayId: opts.gateway?.id ?? null, sent: parsed.length };
  const derive = opts.derive ?? true;
  if (derive === false) return db.transaction((tx) => storeBatch(tx as unknown as Database, ready, false));
  const deriver = spanDeriver(db);
  if (derive === 'deferred') await deriver.room(ready.sent);
  const response = await db.transaction((tx) => storeBatch(tx as unknown as Database, ready, true));
  // Asked before `stored` starts a derivation, so the derivation this batch waits for is that one.
  const derived = derive === true ? deriver.settled() : null;
  deriver.stored(response.accepted);
  if (derived) await derived;
  return response;
}

/**
 * Stores a resolved batch (inside the caller's transaction): the ledger first, then the rows of
 * the events it did not hold, and with `pending` their spans as pending derivation.
 */
async function storeBatch(db: Database, { batch, gatewayId, sent }: ReadyBatch, pending: boolean): Promise<IngestResponse> {
  const fresh = await insertLedger(db, batch.ledger.map((l) => ({ ...l, gatewayId })));
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
  // Wristband washes are placed by the derivation (metrics/placement.ts), from the stored presence.
  const lock = deviceLock(stored);
  if (lock) await db.execute(lock);
  const spans = pending ? spansOf(stored) : null;
  await inOne(db, [...insertStatements(stored), spans && pendingStatement(spans)]);
  // Device state is read back from the stored events, this batch's included.
  for (const statement of deviceStateStatements(stored)) await db.execute(statement);
  return { accepted: fresh.size, duplicates: sent - fresh.size };
}

/**
 * Writes the batch's event ids into the ledger; returns those it did not hold. A batch is nearly
 * always new, and a plain INSERT costs a third less than one checking each id for a conflict, so
 * that is tried first (in a savepoint); only when an id is already there (a replay) is the batch
 * written again skipping the ids held.
 */
async function insertLedger(db: Database, rows: (typeof eventLedger.$inferInsert)[]): Promise<Set<string>> {
  try {
    await db.transaction((savepoint) => bulkInsert(savepoint as unknown as Database, eventLedger, rows));
    return new Set(rows.map((r) => r.eventId));
  } catch (error) {
    if (uniqueViolationOf(error) === null) throw error;
  }
  return new Set((await bulkInsert(db, eventLedger, rows, { onConflictDoNothing: true, returning: 'eventId' })).map(String));
}

/** The INSERTs of a batch's event rows, one per table with rows (INGEST_MAX_BATCH bounds their size). */
function insertStatements(b: ResolvedBatch) {
  return [
    insertRows(presenceEvents, b.presence),
    insertRows(bedEvents, b.bed),
    insertRows(hygieneEvents, b.hygiene),
    insertRows(dispenseEvents, b.dispense),
    insertRows(reminderEvents, b.reminder),
    insertRows(heartbeatEvents, b.heartbeat),
    insertRows(stationEvents, b.station),
    insertRows(counterEvents, b.counters),
  ];
}
