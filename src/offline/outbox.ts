import { ApiError, ConnectionError } from '@/lib/api-client';
import { type OfflineDatabase, type OutboxItem } from './db';

/**
 * The outbox: every edit that must survive a ward without signal is queued here first and sent
 * from here, so nothing a technician did is lost to a closed tab, a reload or a dead battery.
 */

/** How one type of queued edit is sent and described. */
export interface OutboxHandler<P = unknown> {
  /**
   * Sends the edit; `idempotencyKey` goes out as the Idempotency-Key header, `itemId` names the
   * queued item (what the handler keeps about a refusal is kept under it). Throws on failure.
   */
  send(payload: P, context: { idempotencyKey: string; itemId: string }): Promise<void>;
  /** The edit in a technician's words ('Assign tag 04A1… to Dana Ortiz'). */
  describe(payload: P): string;
  /** Query keys whose lists change once the server has the edit; they are refetched after it is sent. */
  invalidates?(payload: P): readonly (readonly unknown[])[];
}

const handlers = new Map<string, OutboxHandler>();

/** Registers the handler of an item type (each edit screen registers its own). */
export function registerOutboxHandler<P>(type: string, handler: OutboxHandler<P>): void {
  handlers.set(type, handler as OutboxHandler);
}

/** The handler of `type`; an item of an unknown type cannot be sent. */
export function outboxHandler(type: string): OutboxHandler | undefined {
  return handlers.get(type);
}

/** The first wait after a failed attempt, doubled after each further one up to the cap. */
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;

/** How long to wait before attempt number `attempts + 1`. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * True when an attempt's failure will not change by waiting: the server refused the edit (a 4xx
 * other than 401, 408 and 429). The item then waits for the user to retry or discard it. A 401
 * waits for sign-in; anything else (no network, a 5xx) is tried again after a backoff.
 */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status);
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof ConnectionError || error instanceof TypeError) return 'The server could not be reached.';
  return error instanceof Error ? error.message : String(error);
}

export interface NewOutboxItem<P> {
  userSub: string;
  type: string;
  entity: string;
  payload: P;
}

/** Queues an edit; answers the stored item (its id is the Idempotency-Key of every attempt). */
export async function enqueue<P>(db: OfflineDatabase, item: NewOutboxItem<P>, now = Date.now()): Promise<OutboxItem<P>> {
  const stored: OutboxItem<P> = {
    id: crypto.randomUUID(),
    ...item,
    createdAt: now,
    attempts: 0,
    status: 'pending',
    lastError: null,
    nextAttemptAt: now,
  };
  await db.outbox.add(stored as OutboxItem);
  return stored;
}

/**
 * Queues several edits in one transaction (an import of hundreds of tags), `createdAt` rising from
 * `firstAt` by one millisecond per item so they replay in the given order.
 */
export async function enqueueAll<P>(db: OfflineDatabase, items: NewOutboxItem<P>[], firstAt = Date.now()): Promise<OutboxItem<P>[]> {
  const stored = items.map(
    (item, i): OutboxItem<P> => ({
      id: crypto.randomUUID(),
      ...item,
      createdAt: firstAt + i,
      attempts: 0,
      status: 'pending',
      lastError: null,
      nextAttemptAt: firstAt + i,
    }),
  );
  await db.outbox.bulkAdd(stored as OutboxItem[]);
  return stored;
}

/** The user's queue, oldest first. */
export function queueOf(db: OfflineDatabase, userSub: string): Promise<OutboxItem[]> {
  return db.outbox.where('[userSub+createdAt]').between([userSub, -Infinity], [userSub, Infinity]).toArray();
}

export interface ReplayResult {
  sent: number;
  /** Attempts that failed and will be tried again later. */
  deferred: number;
  /** Items the server refused in this replay. */
  refused: number;
  /** True when a 401 stopped the replay: it waits for the user to sign in again. */
  needsSignIn: boolean;
}

export interface ReplayOptions {
  /** Send items still waiting out a backoff too (the network just came back, or the user asked). */
  ignoreBackoff?: boolean;
  /** How many entities are sent at once; one entity's items always go one after another. */
  concurrency?: number;
  /** Called after each item the server accepted (lists refresh from it). */
  onSent?: (item: OutboxItem) => void;
  /** Called after each item the server refused (what it refused against has changed: lists refresh too). */
  onRefused?: (item: OutboxItem) => void;
}

/** Entities sent side by side: enough to hide round trips, few enough for a browser's six connections. */
export const REPLAY_CONCURRENCY = 4;

/** The queue cut into chains, one per entity, each oldest first; chains ordered by their first item. */
function chainsOf(queue: OutboxItem[]): OutboxItem[][] {
  const chains = new Map<string, OutboxItem[]>();
  for (const item of queue) {
    const chain = chains.get(item.entity);
    if (chain) chain.push(item);
    else chains.set(item.entity, [item]);
  }
  return [...chains.values()];
}

/**
 * Sends the signed-in user's queue. Only `userSub`'s items are ever sent (a queue never runs under
 * another user's session). One entity's items go one after another, oldest first, and an item
 * waits while an older one of its entity is still queued (pending or failed), so one tag's edits
 * arrive in the order they were made; different entities go side by side. A sent item is
 * deleted; a refused one stays, with the server's message. A 401 stops the whole replay.
 */
export async function replayOutbox(
  db: OfflineDatabase,
  userSub: string,
  now = Date.now(),
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  const result: ReplayResult = { sent: 0, deferred: 0, refused: 0, needsSignIn: false };
  const chains = chainsOf(await queueOf(db, userSub));

  async function sendChain(chain: OutboxItem[]): Promise<void> {
    for (const item of chain) {
      if (result.needsSignIn) return;
      if (item.status === 'failed' || (!options.ignoreBackoff && item.nextAttemptAt > now)) return;
      const handler = handlers.get(item.type);
      // A type whose screen has not registered yet stays queued, untouched.
      if (!handler) return;
      try {
        await handler.send(item.payload, { idempotencyKey: item.sendKey ?? item.id, itemId: item.id });
      } catch (error) {
        const attempts = item.attempts + 1;
        if (error instanceof ApiError && error.status === 401) {
          // The session ended: stop, and send nothing more until the user has signed in again.
          await db.outbox.update(item.id, { lastError: 'Sign in again to send your changes.' });
          result.needsSignIn = true;
        } else if (isRefusal(error)) {
          await db.outbox.update(item.id, { attempts, status: 'failed', lastError: messageOf(error) });
          result.refused += 1;
          options.onRefused?.(item);
        } else {
          await db.outbox.update(item.id, { attempts, lastError: messageOf(error), nextAttemptAt: now + backoffMs(attempts) });
          result.deferred += 1;
        }
        return;
      }
      await db.outbox.delete(item.id);
      result.sent += 1;
      options.onSent?.(item);
    }
  }

  let next = 0;
  const worker = async () => {
    while (next < chains.length && !result.needsSignIn) {
      const chain = chains[next] as OutboxItem[];
      next += 1;
      await sendChain(chain);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? REPLAY_CONCURRENCY, chains.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return result;
}

/** Puts a refused (or waiting) item back to be sent at the next replay. */
export async function retryItem(db: OfflineDatabase, id: string, now = Date.now()): Promise<void> {
  await db.outbox.update(id, { status: 'pending', nextAttemptAt: now });
}

/**
 * Sends a refused item again with a changed payload (the Location Editor's Keep mine: the same
 * change over the server's newer version). A changed request is a new one, so it goes out under
 * a new Idempotency-Key: under the old one the server would answer the stored refusal again. The
 * refusal wrote nothing, so nothing can be applied twice. It keeps its place in its entity's order
 * and starts its attempts afresh.
 */
export async function resendChanged<P>(db: OfflineDatabase, id: string, payload: P, now = Date.now()): Promise<void> {
  await db.outbox.update(id, { payload, sendKey: crypto.randomUUID(), status: 'pending', attempts: 0, lastError: null, nextAttemptAt: now });
}

/** Drops an item for good (the user confirmed). */
export async function discardItem(db: OfflineDatabase, id: string): Promise<void> {
  await db.outbox.delete(id);
}

let inFlight: Promise<ReplayResult> | null = null;

/**
 * Replays the queue unless a replay is already running (reconnect, focus and the timer can all
 * ask at once); across tabs, the Web Locks API keeps two tabs from sending the same queue together.
 */
export function replayQueued(db: OfflineDatabase, userSub: string, options: ReplayOptions = {}): Promise<ReplayResult> {
  if (inFlight) return inFlight;
  const run = () => replayOutbox(db, userSub, Date.now(), options);
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  // The lock's promise settles with the callback's result (a promise of it is unwrapped).
  const started = locks ? (locks.request('lavo-outbox-replay', run) as unknown as Promise<ReplayResult>) : run();
  inFlight = started.finally(() => {
    inFlight = null;
  });
  return inFlight;
}
