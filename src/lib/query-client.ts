import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import { dehydrate, type DehydratedState, type DehydrateOptions, onlineManager, QueryClient } from '@tanstack/react-query';
import { persistQueryClient, type PersistedClient, type Persister } from '@tanstack/react-query-persist-client';
import { whenInputQuiet } from './when-input-quiet';

/** First key segment of every report query; report key factories must start with it. */
export const REPORTS_KEY_ROOT = 'reports';
/** First key segment of the signed-in user's session data (sign-in name, bootstrap, role). */
export const SESSION_KEY_ROOT = 'session';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long the last session's data stays readable offline. */
const PERSIST_MAX_AGE_MS = 7 * DAY_MS;
const STORAGE_KEY = 'lavo.query-cache';
// Bump when a cached answer's shape changes, so an older cache is dropped instead of misread.
const CACHE_VERSION = '1';

/** Builds the app's QueryClient with the spec's defaults. */
export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        // The API client already retries every failed request once (spec); no second layer.
        retry: false,
        // Asked even offline: a screen never opened on this device fails at once and says so in
        // words (LoadError), rather than waiting without a word; what is cached stays on screen.
        // Reconnecting refetches (TanStack turns that off with 'always' unless asked).
        networkMode: 'always',
        refetchOnReconnect: true,
        staleTime: 60_000,
        // Kept at least as long as the persisted copy, or restored data would be dropped at once.
        gcTime: PERSIST_MAX_AGE_MS,
      },
      mutations: { retry: false },
    },
  });
  // Reports are heavy and users flip between tabs while reading them: no refetch on focus.
  client.setQueryDefaults([REPORTS_KEY_ROOT], { refetchOnWindowFocus: false });
  return client;
}

/** The one QueryClient of the app. */
export const queryClient = createQueryClient();

// TanStack Query assumes it starts online and then follows the browser's online/offline events:
// an app started without signal would never see its connection 'come back', and a screen that
// could not load would wait for a reload. Start from what the browser knows.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

/**
 * Every query that has an answer is kept, including one whose last refresh failed: offline, each
 * refresh fails, and dropping those answers would leave the next offline start without them (the
 * session's role, a report read yesterday).
 */
const DEHYDRATE_OPTIONS: DehydrateOptions = { shouldDehydrateQuery: (query) => query.state.data !== undefined };

/**
 * A dehydrated cache as it is stored: an answer kept after a failed refresh is stored as the answer
 * it is (status success, with the time it was answered), not as the failure, which does not outlive
 * the session that saw it.
 */
export function storedClientState(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.status === 'error' && query.state.data !== undefined
        ? { ...query, state: { ...query.state, status: 'success', error: null, fetchFailureReason: null, fetchStatus: 'idle' } }
        : query,
    ),
  };
}

/**
 * Each save writes the whole cache (the session's bootstrap and every answer kept: 150 kB and
 * more) to localStorage in one task, some 50 ms on a tablet. So a save waits for the user's input
 * to pause for SAVE_QUIET_MS (a pan or a pinch is not interrupted), and at the latest
 * SAVE_LATEST_MS; answers that come in meanwhile go in the same save. Leaving or hiding the page
 * saves at once (startQueryPersistence), so a reload never loses an answer.
 */
const SAVE_QUIET_MS = 1_000;
const SAVE_LATEST_MS = 10_000;

const storagePersister = createSyncStoragePersister({
  storage: typeof window === 'undefined' ? undefined : window.localStorage,
  key: STORAGE_KEY,
  // The waiting is done below.
  throttleTime: 0,
  serialize: (client) => JSON.stringify({ ...client, clientState: storedClientState(client.clientState) }),
});

let pendingSave: PersistedClient | null = null;
let cancelPendingSave: (() => void) | null = null;

function dropPendingSave(): void {
  cancelPendingSave?.();
  cancelPendingSave = null;
  pendingSave = null;
}

const persister: Persister = {
  persistClient: (client) => {
    pendingSave = client;
    const save = () => {
      const latest = pendingSave;
      cancelPendingSave = null;
      pendingSave = null;
      if (latest) void storagePersister.persistClient(latest);
    };
    cancelPendingSave ??= typeof window === 'undefined' ? (setTimeout(save, SAVE_QUIET_MS), () => {}) : whenInputQuiet(save, SAVE_QUIET_MS, SAVE_LATEST_MS);
  },
  restoreClient: storagePersister.restoreClient,
  removeClient: () => {
    dropPendingSave();
    return storagePersister.removeClient();
  },
};

/** Restores the last session's cache (so bootstrap is readable offline), then keeps it saved; resolves when restored. */
export async function startQueryPersistence(client: QueryClient = queryClient): Promise<() => void> {
  const [unsubscribe, restored] = persistQueryClient({
    queryClient: client,
    persister,
    maxAge: PERSIST_MAX_AGE_MS,
    buster: CACHE_VERSION,
    dehydrateOptions: DEHYDRATE_OPTIONS,
  });
  await restored;
  // Saves are throttled; a page closed or reloaded before the next one would lose the last
  // answers, so write the cache at once when the page is hidden or left.
  const flush = () => flushQueryCache(client);
  const onVisibility = () => document.visibilityState === 'hidden' && flush();
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Writes the query cache to storage now, in the persister's own format. */
export function flushQueryCache(client: QueryClient = queryClient): void {
  dropPendingSave();
  const saved: PersistedClient = { timestamp: Date.now(), buster: CACHE_VERSION, clientState: storedClientState(dehydrate(client, DEHYDRATE_OPTIONS)) };
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch (error) {
    // Storage full or blocked: the next throttled save tries again; nothing else to do on unload.
    console.warn('Could not save the offline copy of the session', error);
  }
}

/** Forgets every cached answer, in memory and in storage (sign-out: the next user must not see them). */
export async function clearQueryData(client: QueryClient = queryClient): Promise<void> {
  client.clear();
  await persister.removeClient();
}
