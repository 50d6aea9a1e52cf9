import { dehydrate, type DehydrateOptions, onlineManager, QueryClient } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { createQueryStorage } from './query-storage';

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
 * Each save writes what changed in the cache to localStorage (query-storage.ts): a report's answer
 * is some 50 kB, turned into JSON and written in tasks of some 30 ms each on a tablet. So a save
 * waits for the user's input to pause for SAVE_QUIET_MS (a pan or a pinch is not interrupted), and
 * at the latest SAVE_LATEST_MS. Leaving or hiding the page saves at once (startQueryPersistence),
 * so a reload never loses an answer.
 */
const SAVE_QUIET_MS = 1_000;
const SAVE_LATEST_MS = 10_000;

const storage = createQueryStorage(STORAGE_KEY, { quietMs: SAVE_QUIET_MS, latestMs: SAVE_LATEST_MS });

/** Restores the last session's cache (so bootstrap is readable offline), then keeps it saved; resolves when restored. */
export async function startQueryPersistence(client: QueryClient = queryClient): Promise<() => void> {
  const [unsubscribe, restored] = persistQueryClient({
    queryClient: client,
    persister: storage.persister,
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
  storage.writeNow({ timestamp: Date.now(), buster: CACHE_VERSION, clientState: dehydrate(client, DEHYDRATE_OPTIONS) });
}

/** Forgets every cached answer, in memory and in storage (sign-out: the next user must not see them). */
export async function clearQueryData(client: QueryClient = queryClient): Promise<void> {
  client.clear();
  await storage.persister.removeClient();
}
