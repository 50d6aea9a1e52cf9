import { sql, type SQL } from 'drizzle-orm';
import type { IngestResponse } from '../../contracts/ingest';
import { uniqueViolationOf } from '../../core/database-error';
import type { Database } from '../../db/client';
import {
  bedEvents,
  counterEvents,
  derivePending,
  dispenseEvents,
  eventLedger,
  heartbeatEvents,
  hygieneEvents,
  presenceEvents,
  reminderEvents,
  stationEvents,
} from '../../db/schema';
import { bulkInsert, inOne, insertRows } from './bulk-insert.repo';
import { deviceLock, deviceStateStatements } from './device-state.repo';
import { spansOf } from './derive-windows';
import type { DerivationSpans } from '../metrics/derive';
import type { ResolvedBatch } from './resolve';

// How a checked batch is stored (ARCHITECTURE.md 'Sensor data'): the ledger, the event rows, the
// spans pending derivation and the devices' state, in the caller's transaction; and how the span
// deriver takes the pending spans under its lock.

/** Holds the derivation lock until the caller's transaction ends (metrics/derive-lock.ts). */
export { lockDerivation } from '../metrics/derive-lock';

/** The INSERT recording spans as pending, or null when there are none. */
export function pendingStatement({ users, wearables, dispensers, devices = [] }: DerivationSpans): SQL | null {
  return insertRows(derivePending, [
    ...users.map((w) => ({ kind: 'USER' as const, subjectId: w.userId, fromTs: w.from, toTs: w.to })),
    ...wearables.map((w) => ({ kind: 'WEARABLE' as const, subjectId: w.id, fromTs: w.from, toTs: w.to })),
    ...dispensers.map((w) => ({ kind: 'DISPENSER' as const, subjectId: w.dispenserId, fromTs: w.from, toTs: w.to })),
    ...devices.map((w) => ({ kind: 'DEVICE' as const, subjectId: w.id, fromTs: w.from, toTs: w.to })),
  ]);
}

/** Takes (deletes) up to `limit` pending spans, oldest first, inside the caller's transaction. */
export async function takePendingSpans(tx: Database, limit: number): Promise<{ spans: DerivationSpans; count: number }> {
  const rows = await tx.execute<{ kind: string; subject_id: number; from_ts: string; to_ts: string }>(sql`
    delete from derive_pending where id in (select id from derive_pending order by id limit ${limit})
    returning kind, subject_id, from_ts, to_ts`);
  const span = (r: (typeof rows.rows)[number]) => ({ from: new Date(r.from_ts), to: new Date(r.to_ts) });
  const users = rows.rows.filter((r) => r.kind === 'USER').map((r) => ({ userId: Number(r.subject_id), ...span(r) }));
  const dispensers = rows.rows.filter((r) => r.kind === 'DISPENSER').map((r) => ({ dispenserId: Number(r.subject_id), ...span(r) }));
  const wearables = rows.rows.filter((r) => r.kind === 'WEARABLE').map((r) => ({ id: Number(r.subject_id), ...span(r) }));
  const devices = rows.rows.filter((r) => r.kind === 'DEVICE').map((r) => ({ id: Number(r.subject_id), ...span(r) }));
  return { spans: { users, wearables, dispensers, devices }, count: rows.rows.length };
}

export /** A batch checked and resolved, ready to store. */
interface ReadyBatch {
  batch: ResolvedBatch;
  gatewayId: number | null;
  /** Events sent, repeats within the batch included. */
  sent: number;
}

/**
 * Stores a resolved batch (inside the caller's transaction): the ledger first, then the rows of
 * the events it did not hold, and with `pending` their spans as pending derivation.
 */
export async function storeBatch(db: Database, { batch, gatewayId, sent }: ReadyBatch, pending: boolean): Promise<IngestResponse> {
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
    await db.transaction((savepoint) => bulkInsert(savepoint, eventLedger, rows));
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
