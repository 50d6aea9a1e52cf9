import { CLIENT_ERROR_LIMITS, clientErrorEndpoints, type ClientErrorBody, type ClientErrorKind } from '@contracts/client-errors';
import { getIdToken } from './auth';
import { getConfig } from './config';

// The crash screen says the team has been notified: a failed render (the app's error boundary), a
// failed route (the router's error component) and a promise nobody handled are posted to the API
// (docs/SCREENS.md 'Server Logs'), and to Sentry when the configuration names one (./sentry.ts).
// Reporting never throws, never reports its own failures, and sends one error once in a while.

/** The build that runs here: the app's version and commit (vite.config.ts), or 'dev' for an unbuilt app. */
export const RELEASE: string = import.meta.env.VITE_LAVO_RELEASE || 'dev';

/** The same error (kind, message, first line of its stack, page) is sent once in this window. */
export const CRASH_DEDUPE_MS = 60_000;
/** At most this many reports leave one page load: a crash loop sends no more. */
export const CRASH_REPORTS_PER_LOAD = 20;
/** Reports that could not reach the server, kept until the connection is back. */
export const CRASH_QUEUE_MAX = 10;

/** What became of a report: delivered, refused by the server (not tried again), or the server not reached (queued). */
export type CrashDelivery = 'sent' | 'refused' | 'unreachable';
export type CrashSender = (body: ClientErrorBody) => Promise<CrashDelivery>;
/** Something else that hears of each report once (Sentry). */
export type CrashForward = (kind: ClientErrorKind, error: unknown, componentStack: string | null) => void;

export interface CrashReporterOptions {
  send: CrashSender;
  release: string;
  /** The page's path (no query string: a search may hold a name). */
  route: () => string;
  now?: () => number;
}

// Control characters other than line breaks and tabs, and halves of broken UTF-16 pairs: the API refuses them.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const UNSENDABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text the API takes: at most `max` characters, what it refuses (a pair the cut split among them) made U+FFFD. */
export function sendableText(text: string, max: number): string {
  return text.slice(0, max).replace(UNSENDABLE, '\uFFFD');
}

/** The message of anything thrown: an error's name and message, a string, or what it turns into as text. */
function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message ? `${error.name}: ${error.message}` : error.name;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** A report's body: every field cut to its limit. */
export function crashBody(kind: ClientErrorKind, error: unknown, componentStack: string | null, where: { release: string; route: string; userId: number | null }): ClientErrorBody {
  const stack = [error instanceof Error ? error.stack : null, componentStack ? `Component stack:${componentStack}` : null].filter(Boolean).join('\n\n');
  const message = sendableText(messageOf(error), CLIENT_ERROR_LIMITS.message);
  return {
    kind,
    release: sendableText(where.release, CLIENT_ERROR_LIMITS.release) || 'dev',
    route: sendableText(where.route, CLIENT_ERROR_LIMITS.route),
    message: message.trim() ? message : '(no message)',
    stack: stack ? sendableText(stack, CLIENT_ERROR_LIMITS.stack) : null,
    userId: where.userId,
  };
}

export interface CrashReporter {
  /** Reports a failure; never throws. `componentStack` is React's, for a failed render. */
  report(kind: ClientErrorKind, error: unknown, componentStack?: string | null): void;
  /** The signed-in user's id (null when signed out); the server believes the token, this is what the app knows. */
  setUser(userId: number | null): void;
  /** Also tells `forward` of each report (Sentry, once it is loaded). */
  setForward(forward: CrashForward | null): void;
  /** Tells `listener` of the user now and at each change (Sentry's user: the id alone). */
  setUserListener(listener: ((userId: number | null) => void) | null): void;
  /** Sends what could not reach the server before (called when the connection is back). */
  flush(): Promise<void>;
  /** Reports waiting for the connection. */
  queued(): number;
}

/** A reporter: dedupes, caps what one page load sends, queues what could not reach the server. */
export function createCrashReporter({ send, release, route, now = Date.now }: CrashReporterOptions): CrashReporter {
  let userId: number | null = null;
  let forward: CrashForward | null = null;
  let userListener: ((userId: number | null) => void) | null = null;
  let sent = 0;
  const lastSeen = new Map<string, number>();
  const queue: ClientErrorBody[] = [];
  let flushing: Promise<void> | null = null;

  async function deliver(body: ClientErrorBody): Promise<void> {
    let outcome: CrashDelivery;
    try {
      outcome = await send(body);
    } catch {
      outcome = 'refused';
    }
    if (outcome === 'unreachable' && queue.length < CRASH_QUEUE_MAX) queue.push(body);
  }

  /** Whether the same error was reported within the window (and remembers this one). */
  function seenRecently(key: string, at: number): boolean {
    for (const [k, when] of lastSeen) if (at - when >= CRASH_DEDUPE_MS) lastSeen.delete(k);
    if (lastSeen.has(key)) return true;
    lastSeen.set(key, at);
    return false;
  }

  return {
    report(kind, error, componentStack = null) {
      try {
        const body = crashBody(kind, error, componentStack, { release, route: route(), userId });
        const key = [kind, body.message, body.stack?.split('\n')[0] ?? '', body.route].join('\n');
        if (seenRecently(key, now())) return;
        try {
          forward?.(kind, error, componentStack);
        } catch {
          // Another reporter failing is no reason to skip this one.
        }
        if (sent >= CRASH_REPORTS_PER_LOAD) return;
        sent += 1;
        void deliver(body);
      } catch {
        // A report must never become the next failure.
      }
    },
    setUser(id) {
      userId = id;
      try {
        userListener?.(id);
      } catch {
        // Telling Sentry is no reason to fail the session.
      }
    },
    setForward(next) {
      forward = next;
    },
    setUserListener(listener) {
      userListener = listener;
      listener?.(userId);
    },
    flush() {
      flushing ??= (async () => {
        try {
          for (const body of queue.splice(0)) await deliver(body);
        } finally {
          flushing = null;
        }
      })();
      return flushing;
    },
    queued: () => queue.length,
  };
}

/** The API's root: the configuration's, or the one every deployment uses when the crash came before it loaded. */
function apiBase(): string {
  try {
    return getConfig().apiBaseUrl;
  } catch {
    return '/api';
  }
}

/**
 * Posts a report: as the signed-in user when there is a session (the server records the user its
 * token proves), else, or when that is refused as unauthorized, without a user. Not through the
 * API client: a report must not retry, nor sign anyone out on a 401.
 */
export async function postCrash(body: ClientErrorBody, fetchImpl: typeof fetch = fetch): Promise<CrashDelivery> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'unreachable';
  const token = await getIdToken().catch(() => null);
  const post = async (path: string, headers: Record<string, string>) =>
    (
      await fetchImpl(`${apiBase()}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
        body: JSON.stringify(body),
        // The report still leaves when the crash screen's Home reloads the page.
        keepalive: true,
      })
    ).status;
  try {
    if (token) {
      const status = await post(clientErrorEndpoints.post.path, { Authorization: token });
      if (status !== 401 && status !== 403) return status < 400 ? 'sent' : 'refused';
    }
    return (await post(clientErrorEndpoints.postAnonymous.path, {})) < 400 ? 'sent' : 'refused';
  } catch {
    return 'unreachable';
  }
}

/** The app's reporter. */
export const crashReports: CrashReporter = createCrashReporter({ send: (body) => postCrash(body), release: RELEASE, route: () => window.location.pathname });

/** A rejection that is no failure: a request given up on purpose. */
const isAbort = (reason: unknown) => typeof reason === 'object' && reason !== null && (reason as { name?: unknown }).name === 'AbortError';

/**
 * Reports the promises nobody handled, and sends the queued reports when the connection is back.
 * Returns the removal of both listeners.
 */
export function installCrashReports(reporter: CrashReporter = crashReports): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    if (!isAbort(event.reason)) reporter.report('rejection', event.reason);
  };
  const onOnline = () => void reporter.flush();
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('online', onOnline);
  return () => {
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('online', onOnline);
  };
}
