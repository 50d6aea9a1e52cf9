import type { Database } from '../../db/client';
import { deriveSpans } from '../metrics/derive';
import { lockDerivation, takePendingSpans } from './ingest.repo';

// Derivation after storage: a batch's spans (each wearer's and dispenser's first to last event)
// go into derive_pending in the batch's own transaction; the process's span deriver recomputes
// the derived rows of every pending span, many batches' at once (a wearer's nearby spans as one),
// and deletes those spans in the derivation's own transaction, so a span is never lost, even to
// a crash (spans a crash left are derived when the ingest starts again).
// - A batch is answered once a whole derivation that started after its commit has ended
//   (`settled`): the derived tables then include it, and batches stored meanwhile by other
//   requests share that derivation. If that derivation fails, the batch is answered with the
//   error though stored; its spans stay pending, and the gateway's retry (all duplicates now) is
//   answered once a later derivation has derived them.
// - A gateway sending a backlog may ask (`?derive=deferred`) to be answered once its batch is
//   stored. Bounded: a deferred batch waits before it is stored while this process has more
//   than `maxEvents` events stored and not derived.

/** Events stored and not yet derived after which a deferred batch waits: a few seconds of derivation. */
export const DEFERRED_MAX_EVENTS = 100_000;
/** Pending spans one derivation takes. */
const SPANS_PER_ROUND = 20_000;
/** Wait before trying again after a derivation failed. */
const RETRY_MS = 5_000;

/**
 * Derives the pending spans, SPANS_PER_ROUND at a time, until none is left; each round in one
 * transaction with the derivation lock. Returns how many spans it derived.
 */
export async function derivePendingSpans(db: Database): Promise<number> {
  let done = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      await lockDerivation(tx);
      const { spans, count } = await takePendingSpans(tx, SPANS_PER_ROUND);
      await deriveSpans(tx, spans);
      return count;
    });
    if (taken === 0) return done;
    done += taken;
  }
}

interface Settling {
  /** The derivation that must end: the first to start after the caller asked. */
  run: number;
  resolve(): void;
  reject(reason: unknown): void;
}

/** One process's deriver of a database's pending spans. */
export class SpanDeriver {
  /** Events stored and not derived yet as far as this process knows (an upper bound). */
  private pending = 0;
  /** Derivations (whole runs of derivePendingSpans) started so far. */
  private started = 0;
  private running: Promise<void> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** Derive once even with nothing known to wait: at start, for spans an earlier run left. */
  private sweep = false;
  private readonly roomWaiters: (() => void)[] = [];
  private settling: Settling[] = [];

  constructor(
    private readonly db: Database,
    private readonly maxEvents = DEFERRED_MAX_EVENTS,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Resolves when a deferred batch of `events` may be stored: the work waiting is under the bound. */
  async room(events: number): Promise<void> {
    while (this.pending > 0 && this.pending + events > this.maxEvents && !this.stopped) {
      await new Promise<void>((resolve) => this.roomWaiters.push(resolve));
    }
  }

  /** A batch whose spans are pending was committed, with `events` new events: derive them soon. */
  stored(events: number): void {
    this.pending += events;
    this.start();
  }

  /**
   * Resolves once a derivation that started after this call has ended: every span committed
   * before the call is then derived. Rejects with the error of that derivation if it fails.
   */
  settled(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.stopped) return reject(new Error('The ingest is stopped'));
      this.settling.push({ run: this.started + 1, resolve, reject });
      this.start();
    });
  }

  /** Derives whatever is pending (also what an earlier run of the ingest left), unless already at it. */
  start(): void {
    if (this.running || this.stopped) return;
    this.running = this.loop().finally(() => {
      this.running = null;
      // Work that arrived as the loop was ending (start() found it still running) is not left waiting.
      if (!this.retry && this.hasWork()) this.start();
    });
  }

  private hasWork(): boolean {
    return this.pending > 0 || this.settling.length > 0 || this.sweep;
  }

  /** Derives again after `stop` (a server started again over the same database), and whatever is pending now. */
  resume(): void {
    this.stopped = false;
    this.sweep = true;
    this.start();
  }

  /** Resolves once nothing this process knows of is left to derive (or a derivation failed). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops deriving once the current derivation ends; spans left stay pending for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.wakeRoom();
    await this.idle();
    const left = this.settling.splice(0);
    for (const s of left) s.reject(new Error('The ingest stopped before the batch was derived'));
  }

  private async loop(): Promise<void> {
    while (!this.stopped && this.hasWork()) {
      this.sweep = false;
      const run = ++this.started;
      const taking = this.pending;
      try {
        await derivePendingSpans(this.db);
      } catch (error) {
        this.onError(error);
        this.finish(run, error);
        this.retry = setTimeout(() => {
          this.retry = null;
          this.start();
        }, RETRY_MS);
        this.retry.unref();
        return;
      }
      // Batches committed while this derivation ran may have been missed by it: still counted.
      this.pending = Math.max(0, this.pending - taking);
      this.finish(run);
    }
  }

  /** Answers those waiting for derivation `run` (or an earlier one), and those waiting for room. */
  private finish(run: number, error?: unknown): void {
    const done = this.settling.filter((s) => s.run <= run);
    this.settling = this.settling.filter((s) => s.run > run);
    for (const s of done) {
      if (error === undefined) s.resolve();
      else s.reject(error);
    }
    this.wakeRoom();
  }

  private wakeRoom(): void {
    for (const resolve of this.roomWaiters.splice(0)) resolve();
  }
}

const derivers = new WeakMap<Database, SpanDeriver>();

/** The process's deriver of the database's pending spans (made with these options on first use). */
export function spanDeriver(db: Database, opts: { maxEvents?: number; onError?: (error: unknown) => void } = {}): SpanDeriver {
  let found = derivers.get(db);
  if (!found) {
    found = new SpanDeriver(db, opts.maxEvents, opts.onError);
    derivers.set(db, found);
  }
  return found;
}
