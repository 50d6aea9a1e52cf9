import type { RuntimeConfig } from '@contracts/config';
import type { CrashReporter } from './crash-reports';
import { RELEASE } from './crash-reports';

// Sentry, when the runtime configuration names a DSN (SENTRY_DSN, /config.json): loaded after the
// first screen (its own chunk, not in the first load) and never on a machine's own address. It
// hears of every failed render and route from the crash reporter, catches uncaught errors and
// rejections itself, and samples a fifth of the navigations for traces (docs/PRODUCTION.md). It is told the
// user's id only, and no page address carries its query string (a search may hold a name).

/** The share of navigations traced: a fifth (docs/PRODUCTION.md). */
export const SENTRY_TRACES_SAMPLE_RATE = 0.2;

/** Hosts of a console run on this machine, where Sentry stays off (docs/PRODUCTION.md). */
export function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '[::1]' || hostname === '::1' || /^127\./.test(hostname);
}

/** An address without its query string and fragment. */
export const withoutQuery = (url: string): string => url.replace(/[?#].*$/s, '');

/**
 * Starts Sentry when the configuration names a DSN and the app does not run on localhost; tells
 * whether it did. `router` is the app's TanStack router, for navigation traces.
 */
export async function startSentry(
  config: Pick<RuntimeConfig, 'sentryDsn'>,
  { reporter, router, hostname = window.location.hostname }: { reporter: CrashReporter; router: unknown; hostname?: string },
): Promise<boolean> {
  const dsn = config.sentryDsn;
  if (!dsn || isLocalHost(hostname)) return false;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn,
    release: RELEASE,
    // No cookies, headers (the id token), bodies or query strings; the user is the id the reporter gives.
    dataCollection: { userInfo: false, cookies: false, httpHeaders: false, httpBodies: [], urlQueryParams: false },
    tracesSampleRate: SENTRY_TRACES_SAMPLE_RATE,
    integrations: [Sentry.tanstackRouterBrowserTracingIntegration(router)],
    beforeSend(event) {
      if (event.request?.url) event.request.url = withoutQuery(event.request.url);
      if (event.request) delete event.request.query_string;
      return event;
    },
    beforeSendTransaction(event) {
      if (event.request?.url) event.request.url = withoutQuery(event.request.url);
      return event;
    },
    beforeBreadcrumb(breadcrumb) {
      const data = breadcrumb.data;
      if (data) for (const key of ['url', 'from', 'to']) if (typeof data[key] === 'string') data[key] = withoutQuery(data[key]);
      return breadcrumb;
    },
  });
  // The crash reporter's render and route failures (rejections Sentry hears of by itself).
  reporter.setForward((kind, error, componentStack) => {
    if (kind === 'rejection') return;
    Sentry.captureException(error, { tags: { kind }, ...(componentStack ? { contexts: { react: { componentStack } } } : {}) });
  });
  reporter.setUserListener((userId) => Sentry.setUser(userId === null ? null : { id: String(userId) }));
  return true;
}
