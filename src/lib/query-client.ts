import { dehydrate, type DehydratedState, type DehydrateOptions, onlineManager, QueryClient } from '@tanstack/react-query';
import { persistQueryClient, type PersistedClient, type Persister } from '@tanstack/react-query-persist-client';
import { nextTask } from './after-paint';
import { whenInputQuiet } from './when-input-quiet';

type DehydratedQuery = DehydratedState['queries'][number];

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
 * A query as it is stored: an answer kept after a failed refresh is stored as the answer it is
 * (status success, with the time it was answered), not as the failure, which does not outlive the
 * session that saw it.
 */
function storedQuery(query: DehydratedQuery): DehydratedQuery {
  return query.state.status === 'error' && query.state.data !== undefined
    ? { ...query, state: { ...query.state, status: 'success', error: null, fetchFailureReason: null, fetchStatus: 'idle' } }
    : query;
}

/**
 * The stored JSON of a saved cache, from its queries' JSON (`storedQuery`, one string each):
 * `{ timestamp, buster, clientState: { mutations, queries } }`, as TanStack's persisters read it.
 */
function storedJson(client: PersistedClient, queries: readonly string[]): string {
  const { timestamp, buster, clientState } = client;
  // Ends with `"queries":[]}}`: the queries go between the brackets.
  const frame = JSON.stringify({ timestamp, buster, clientState: { mutations: clientState.mutations, queries: [] } });
  return `${frame.slice(0, -3)}${queries.join(',')}]}}`;
}

/** Writes the stored JSON; a storage that is full or blocked keeps its last copy. */
function writeStored(json: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, json);
  } catch (error) {
    console.warn('Could not save the offline copy of the session', error);
  }
}

/**
 * Each save writes the whole cache (the session's bootstrap and every answer kept: 150 kB and
 * more) to localStorage: turning it into JSON takes some 70 ms on a tablet, and the write 30 ms.
 * So a save waits for the user's input to pause for SAVE_QUIET_MS (a pan or a pinch is not
 * interrupted), and at the latest SAVE_LATEST_MS; answers that come in meanwhile go in the same
 * save. It then turns one query into JSON per task and writes in a task of its own, so no step
 * holds the page long. Leaving or hiding the page saves at once (startQueryPersistence), so a
 * reload never loses an answer.
 */
const SAVE_QUIET_MS = 1_000;
const SAVE_LATEST_MS = 10_000;

let pendingSave: PersistedClient | null = null;
let cancelPendingSave: (() => void) | null = null;
/** Counts saves begun, writes at once and removals: a save in steps writes only if still the latest. */
let saveGeneration = 0;

/** Forgets a save waiting for input to pause, and stops one under way. */
function dropPendingSave(): void {
  cancelPendingSave?.();
  cancelPendingSave = null;
  pendingSave = null;
  saveGeneration += 1;
}

async function saveInSteps(client: PersistedClient): Promise<void> {
  const generation = ++saveGeneration;
  const queries: string[] = [];
  for (const query of client.clientState.queries) {
    await nextTask();
    if (generation !== saveGeneration) return;
    queries.push(JSON.stringify(storedQuery(query)));
  }
  await nextTask();
  if (generation === saveGeneration) writeStored(storedJson(client, queries));
}

function saveWhenQuiet(): void {
  const latest = pendingSave;
  cancelPendingSave = null;
  pendingSave = null;
  if (latest) void saveInSteps(latest);
}

const persister: Persister = {
  persistClient: (client) => {
    pendingSave = client;
    cancelPendingSave ??= whenInputQuiet(saveWhenQuiet, SAVE_QUIET_MS, SAVE_LATEST_MS);
  },
  restoreClient: () => {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    if (!stored) return undefined;
    try {
      return JSON.parse(stored) as PersistedClient;
    } catch {
      // Unreadable (cut short by a full storage, say): start without it.
      return undefined;
    }
  },
  removeClient: () => {
    dropPendingSave();
    window.localStorage.removeItem(STORAGE_KEY);
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
  // Saves wait for a pause; a page closed or reloaded before the next one would lose the last
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

/** Writes the query cache to storage now, in one task (the page is being hidden or left). */
export function flushQueryCache(client: QueryClient = queryClient): void {
  dropPendingSave();
  const saved: PersistedClient = { timestamp: Date.now(), buster: CACHE_VERSION, clientState: dehydrate(client, DEHYDRATE_OPTIONS) };
  writeStored(storedJson(saved, saved.clientState.queries.map((query) => JSON.stringify(storedQuery(query)))));
}

/** Forgets every cached answer, in memory and in storage (sign-out: the next user must not see them). */
export async function clearQueryData(client: QueryClient = queryClient): Promise<void> {
  client.clear();
  await persister.removeClient();
}
