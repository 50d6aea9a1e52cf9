import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { derivePending } from '../../db/schema';
import { deriveDispensers, deriveUsers, type DispenserWindow, type UserWindow } from '../metrics/derive';
import { insertRows } from './bulk-insert';
import { DISPENSER_GAP_MS, rounds, USER_GAP_MS } from './derive-windows';

// Deferred derivation: a gateway sending a backlog may ask (`?derive=deferred`) to be answered as
// soon as its batch is stored. The batch's spans go into derive_pending in the batch's own
// transaction; the deriver below recomputes them after the answer, many batches' spans at once
// (each wearer's nearby spans as one), and deletes them in the same transaction. Bounded: a
// deferred batch waits before it is stored while this process has more than `maxEvents` events
// stored and not derived; a span a crash left pending is derived when the ingest starts again.

// Arbitrary constant shared by every instance: derivations never run side by side, so each one
// sees every batch the one before it derived (a derivation reads events committed before it).
const DERIVE_LOCK_KEY = 727_451_002;

/** Events stored and not yet derived after which a deferred batch waits: a few seconds of derivation. */
export const DEFERRED_MAX_EVENTS = 100_000;
/** Pending spans one derivation takes. */
const SPANS_PER_ROUND = 20_000;
/** Wait before trying again after a derivation failed. */
const RETRY_MS = 5_000;

/** Holds the derivation lock until the caller's transaction ends. */
export async function lockDerivation(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DERIVE_LOCK_KEY})`);
}

/** The INSERT recording spans as pending, or null when there are none. */
export function pendingStatement(users: readonly UserWindow[], dispensers: readonly DispenserWindow[]): SQL | null {
  return insertRows(derivePending, [
    ...users.map((w) => ({ kind: 'USER' as const, subjectId: w.userId, fromTs: w.from, toTs: w.to })),
    ...dispensers.map((w) => ({ kind: 'DISPENSER' as const, subjectId: w.dispenserId, fromTs: w.from, toTs: w.to })),
  ]);
}

/**
 * Derives the pending spans, SPANS_PER_ROUND at a time, until none is left; each round in one
 * transaction with the derivation lock. Returns how many spans it derived.
 */
export async function derivePendingSpans(db: Database): Promise<number> {
  let done = 0;
  for (;;) {
    const taken = await db.transaction(async (txx) => {
      const tx = txx as unknown as Database;
      await lockDerivation(tx);
      const rows = await tx.execute<{ kind: string; subject_id: number; from_ts: string; to_ts: string }>(sql`
        delete from derive_pending where id in (select id from derive_pending order by id limit ${SPANS_PER_ROUND})
        returning kind, subject_id, from_ts, to_ts`);
      const span = (r: (typeof rows.rows)[number]) => ({ from: new Date(r.from_ts), to: new Date(r.to_ts) });
      const users = rows.rows.filter((r) => r.kind === 'USER').map((r) => ({ userId: Number(r.subject_id), ...span(r) }));
      const dispensers = rows.rows.filter((r) => r.kind === 'DISPENSER').map((r) => ({ dispenserId: Number(r.subject_id), ...span(r) }));
      for (const round of rounds(users, (w) => w.userId, USER_GAP_MS)) await deriveUsers(tx, round);
      for (const round of rounds(dispensers, (w) => w.dispenserId, DISPENSER_GAP_MS)) await deriveDispensers(tx, round);
      return rows.rows.length;
    });
    if (taken === 0) return done;
    done += taken;
  }
}

/** One process's deriver of a database's pending spans. */
export class DeferredDeriver {
  /** Events this process stored deferred and has not derived yet (an upper bound). */
  private pending = 0;
  private running: Promise<void> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly db: Database,
    private readonly maxEvents = DEFERRED_MAX_EVENTS,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Resolves when a deferred batch of `events` may be stored: the work waiting is under the bound. */
  async room(events: number): Promise<void> {
    while (this.pending > 0 && this.pending + events > this.maxEvents && !this.stopped) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  /** A deferred batch of `events` was committed: derive its spans soon. */
  stored(events: number): void {
    this.pending += events;
    this.start();
  }

  /** Derives whatever is pending (also what an earlier run of the ingest left), unless already at it. */
  start(): void {
    if (this.running || this.stopped) return;
    this.running = this.run().finally(() => {
      this.running = null;
    });
  }

  /** Derives again after `stop` (a server started again over the same database), and whatever is pending now. */
  resume(): void {
    this.stopped = false;
    this.start();
  }

  /** Resolves once nothing this process knows of is left to derive (or a derivation failed). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops deriving once the current round ends (spans left stay pending for the next start). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.wake();
    await this.idle();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      const taking = this.pending;
      try {
        await derivePendingSpans(this.db);
      } catch (error) {
        this.onError(error);
        this.retry = setTimeout(() => {
          this.retry = null;
          this.start();
        }, RETRY_MS);
        this.retry.unref();
        return;
      } finally {
        this.wake();
      }
      // Batches committed while this round ran are in the table but may have been missed by it.
      this.pending = Math.max(0, this.pending - taking);
      this.wake();
      if (this.pending === 0) return;
    }
  }

  private wake(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

const deriver = new WeakMap<Database, DeferredDeriver>();

/** The process's deriver of the database's pending spans (made with these options on first use). */
export function deferredDeriver(db: Database, opts: { maxEvents?: number; onError?: (error: unknown) => void } = {}): DeferredDeriver {
  let found = deriver.get(db);
  if (!found) {
    found = new DeferredDeriver(db, opts.maxEvents, opts.onError);
    deriver.set(db, found);
  }
  return found;
}
