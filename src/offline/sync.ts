import { isPageMessage, OUTBOX_SYNC_TAG } from '../../sw/messages';
import { isClosedConnection, type OfflineDatabase, type OutboxItem } from './db';
import { outboxHandler, queueOf, replayQueued, type ReplayResult } from './outbox';

/**
 * When the outbox is sent: as soon as an edit is queued, when the network comes back, when the
 * tab is shown or focused again, when an item's backoff ends, and when the service worker's
 * background sync wakes the page. One controller runs per signed-in user; stopping it (sign-out,
 * another user) stops all of that.
 */

export interface SyncStatus {
  /** A replay is running. */
  replaying: boolean;
  /** The last replay met a 401: nothing is sent until the user signs in again. */
  needsSignIn: boolean;
}

export interface SyncDeps {
  db: OfflineDatabase;
  userSub: string;
  /** Called with the query keys to refetch once an item is on the server. */
  refresh?: (keys: readonly (readonly unknown[])[]) => void;
  /** Whether the browser believes it is online (tests pass their own). */
  isOnline?: () => boolean;
  /**
   * Called after a replay that sent edits which had waited: made offline, left from an earlier
   * visit, or tried before without reaching the server. The edits a screen just made online are
   * not counted (their dialog reports them).
   */
  onWaitingSent?: (count: number) => void;
}

type Listener = () => void;

/** During a long replay, lists are refetched at most this often. */
const REFRESH_EVERY_MS = 3_000;

let status: SyncStatus = { replaying: false, needsSignIn: false };
const listeners = new Set<Listener>();
let active: { deps: SyncDeps; request: (ignoreBackoff?: boolean) => void } | null = null;
/** Callers of sendQueuedNow waiting for the replays to go quiet. */
let idleWaiters: (() => void)[] = [];

function setStatus(next: Partial<SyncStatus>): void {
  status = { ...status, ...next };
  for (const listener of listeners) listener();
}

/** The replay's state (for the connectivity indicator). */
export function syncStatus(): SyncStatus {
  return status;
}

export function subscribeSyncStatus(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Asks for a replay now (after an edit was queued, or the user pressed Send now). */
export function requestReplay(options: { ignoreBackoff?: boolean } = {}): void {
  active?.request(options.ignoreBackoff);
}

/**
 * Sends the queue now and resolves once no replay is running (at once when offline or signed out):
 * a screen that queued edits while online can then tell which reached the server.
 */
export function sendQueuedNow(): Promise<void> {
  if (!active) return Promise.resolve();
  const done = new Promise<void>((resolve) => idleWaiters.push(resolve));
  active.request(true);
  if (!status.replaying) wakeIdleWaiters();
  return done;
}

function wakeIdleWaiters(): void {
  const waiters = idleWaiters;
  idleWaiters = [];
  for (const wake of waiters) wake();
}

/** Asks the service worker to wake the page for a replay once the browser is back online (where the browser has Background Sync). */
export async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.ready;
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // Not available (or not allowed): reconnect and focus still replay.
  }
}

/** Starts sending `userSub`'s queue on every trigger; answers the function that stops it. */
export function startOutboxSync(deps: SyncDeps): () => void {
  const isOnline = deps.isOnline ?? (() => navigator.onLine);
  let stopped = false;
  // Edits made before this moment waited for the connection (or for this start of the app).
  let onlineSince = Date.now();
  let waitingSent = 0;
  let again: { ignoreBackoff: boolean } | null = null;
  /** A replay cut off by a closed connection was run again (once: a store that keeps failing waits for the next trigger). */
  let reopened = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  // Lists to refetch are gathered during a replay and refetched together at its end (or every
  // few seconds of a long one): one refetch for 500 sent edits, not 500.
  const toRefresh = new Map<string, readonly unknown[]>();
  let lastRefresh = Date.now();
  const flushRefresh = () => {
    lastRefresh = Date.now();
    if (toRefresh.size === 0) return;
    const keys = [...toRefresh.values()];
    toRefresh.clear();
    deps.refresh?.(keys);
  };
  const refreshFor = (item: OutboxItem) => {
    for (const key of outboxHandler(item.type)?.invalidates?.(item.payload) ?? []) toRefresh.set(JSON.stringify(key), key);
    if (Date.now() - lastRefresh > REFRESH_EVERY_MS) flushRefresh();
  };

  /** Wakes up again when the earliest backoff among pending items ends. */
  async function scheduleNext(): Promise<void> {
    clearTimeout(timer);
    // Storage unavailable (a private window without IndexedDB): the next trigger tries again.
    const waiting = (await queueOf(deps.db, deps.userSub).catch(() => [])).filter((item) => item.status === 'pending');
    if (stopped || waiting.length === 0) return;
    const soonest = Math.min(...waiting.map((item) => item.nextAttemptAt));
    timer = setTimeout(() => request(), Math.max(250, soonest - Date.now()));
  }

  function request(ignoreBackoff = false): void {
    if (stopped || !isOnline()) return;
    if (status.replaying) {
      // Whatever was queued meanwhile goes out right after the running replay.
      again = { ignoreBackoff: ignoreBackoff || (again?.ignoreBackoff ?? false) };
      return;
    }
    setStatus({ replaying: true });
    const onSent = (item: OutboxItem) => {
      if (item.createdAt <= onlineSince || item.attempts > 0) waitingSent += 1;
      refreshFor(item);
    };
    void replayQueued(deps.db, deps.userSub, { ignoreBackoff, onSent, onRefused: refreshFor })
      .then((result: ReplayResult) => {
        reopened = false;
        if (!stopped) setStatus({ needsSignIn: result.needsSignIn });
      })
      .catch((error: unknown) => {
        // The store itself failed (storage evicted, say); the next trigger tries again. A
        // connection the browser closed is opened again at once: the replay runs again right away.
        if (isClosedConnection(error) && !reopened) {
          reopened = true;
          again = { ignoreBackoff: ignoreBackoff || (again?.ignoreBackoff ?? false) };
        }
      })
      .finally(() => {
        flushRefresh();
        setStatus({ replaying: false });
        if (waitingSent > 0 && !stopped) deps.onWaitingSent?.(waitingSent);
        waitingSent = 0;
        if (stopped) {
          wakeIdleWaiters();
          return;
        }
        const next = again;
        again = null;
        if (next) request(next.ignoreBackoff);
        else {
          wakeIdleWaiters();
          void scheduleNext();
        }
      });
  }

  const onOnline = () => {
    onlineSince = Date.now();
    request(true);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') request();
  };
  const onFocus = () => request();
  const onWorkerMessage = (event: MessageEvent) => {
    if (isPageMessage(event.data) && event.data.type === 'REPLAY_OUTBOX') request(true);
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);

  active = { deps, request: (ignoreBackoff) => request(ignoreBackoff) };
  setStatus({ needsSignIn: false });
  request();

  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    if (active?.deps === deps) active = null;
    wakeIdleWaiters();
  };
}
