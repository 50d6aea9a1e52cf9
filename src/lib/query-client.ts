import { dehydrate, type DehydrateOptions, onlineManager, QueryClient } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { createReportAnswers, createSessionCache } from './query-storage';

/** First key segment of every report query; report key factories must start with it. */
export const REPORTS_KEY_ROOT = 'reports';
/** First key segment of the signed-in user's session data (sign-in name, bootstrap, role). */
export const SESSION_KEY_ROOT = 'session';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long the last session's data stays readable offline. */
const PERSIST_MAX_AGE_MS = 7 * DAY_MS;
const SESSION_CACHE_KEY = 'lavo.query-cache';
const REPORT_ANSWERS_PREFIX = 'lavo.report-answer';
// Bump when a cached answer's shape changes, so an older cache is dropped instead of misread.
const CACHE_VERSION = '1';
/** At most one write of the session cache a second. */
const SESSION_SAVE_THROTTLE_MS = 1_000;

/**
 * Report answers (some 50 kB each, the largest part of the cache) are stored apart, one per key,
 * by TanStack's per-query persister (the `persister` option of every report query): each answer is
 * written once, in a task of its own, when it arrives, and read back only when its report is asked
 * for (docs/OFFLINE.md 'The query cache on the device').
 */
const reportAnswers = createReportAnswers(REPORT_ANSWERS_PREFIX, { maxAge: PERSIST_MAX_AGE_MS, buster: CACHE_VERSION });
/**
 * The rest (the session: sign-in name, bootstrap, role; the small lists) is stored whole by
 * TanStack's sync storage persister, written when one of its queries changes.
 */
const sessionCache = createSessionCache(SESSION_CACHE_KEY, { throttleMs: SESSION_SAVE_THROTTLE_MS, makeRoom: reportAnswers.dropOldest });

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
  // Reports are heavy and users flip between tabs while reading them: no refetch on focus. Each
  // answer is stored for offline use on its own, as it arrives.
  client.setQueryDefaults([REPORTS_KEY_ROOT], { refetchOnWindowFocus: false, persister: reportAnswers.persister.persisterFn });
  return client;
}

/** The one QueryClient of the app. */
export const queryClient = createQueryClient();

// TanStack Query assumes it starts online and then follows the browser's online/offline events:
// an app started without signal would never see its connection 'come back', and a screen that
// could not load would wait for a reload. Start from what the browser knows.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

/**
 * A query whose `meta` sets this to false is never written to the device: who read whose data
 * (the access log, the audit trail) is read afresh each time and kept only while the page shows it
 * (docs/PRIVACY.md 'Who viewed my data').
 */
export const KEEP_ON_DEVICE = 'keepOnDevice';

/**
 * Every query of the session cache that has an answer is kept, including one whose last refresh
 * failed: offline, each refresh fails, and dropping those answers would leave the next offline
 * start without them (the session's role, a list read yesterday). Report answers are stored apart
 * (reportAnswers).
 */
const DEHYDRATE_OPTIONS: DehydrateOptions = {
  shouldDehydrateQuery: (query) => query.state.data !== undefined && query.queryKey[0] !== REPORTS_KEY_ROOT && query.meta?.[KEEP_ON_DEVICE] !== false,
};

/** Restores the last session's cache (so bootstrap is readable offline), then keeps it saved; resolves when restored. */
export async function startQueryPersistence(client: QueryClient = queryClient): Promise<() => void> {
  const [unsubscribe, restored] = persistQueryClient({
    queryClient: client,
    persister: sessionCache.persister,
    maxAge: PERSIST_MAX_AGE_MS,
    buster: CACHE_VERSION,
    dehydrateOptions: DEHYDRATE_OPTIONS,
  });
  await restored;
  // A save waits up to a second (the throttle); a page closed or reloaded before it would lose the
  // last session answers, so write the session cache at once when the page is hidden or left.
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

/** Writes the session cache to storage now, in one task (the page is being hidden or left). */
export function flushQueryCache(client: QueryClient = queryClient): void {
  sessionCache.writeNow({ timestamp: Date.now(), buster: CACHE_VERSION, clientState: dehydrate(client, DEHYDRATE_OPTIONS) });
}

/** Forgets every cached answer, in memory and in storage (sign-out: the next user must not see them). */
export async function clearQueryData(client: QueryClient = queryClient): Promise<void> {
  client.clear();
  await sessionCache.persister.removeClient();
  await reportAnswers.forget();
}
