import { describe, expect, it, vi } from 'vitest';
import { createCrashReporter } from './crash-reports';
import { isLocalHost, SENTRY_TRACES_SAMPLE_RATE, startSentry, withoutQuery } from './sentry';

const sentry = vi.hoisted(() => ({
  init: vi.fn(),
  captureException: vi.fn(),
  setUser: vi.fn(),
  tanstackRouterBrowserTracingIntegration: vi.fn(() => ({ name: 'TanStackRouterTracing' })),
}));
vi.mock('@sentry/react', () => sentry);

const reporter = () => createCrashReporter({ send: async () => 'sent', release: 'r', route: () => '/app' });
const DSN = 'https://key@o1.ingest.sentry.io/2';

describe('Sentry', () => {
  it('stays off without a DSN, and on this machine’s own addresses', async () => {
    expect(await startSentry({ sentryDsn: null }, { reporter: reporter(), router: {}, hostname: 'console.lavo.health' })).toBe(false);
    expect(await startSentry({}, { reporter: reporter(), router: {}, hostname: 'console.lavo.health' })).toBe(false);
    for (const host of ['localhost', '127.0.0.1', 'app.localhost', '[::1]']) {
      expect(isLocalHost(host)).toBe(true);
      expect(await startSentry({ sentryDsn: DSN }, { reporter: reporter(), router: {}, hostname: host })).toBe(false);
    }
    expect(isLocalHost('192.168.1.20')).toBe(false);
    expect(sentry.init).not.toHaveBeenCalled();
  });

  it('starts with the DSN, the release and a fifth of the navigations traced, hears of render and route failures, and knows the user by id alone', async () => {
    const crashes = reporter();
    crashes.setUser(12);
    const router = { id: 'router' };
    expect(await startSentry({ sentryDsn: DSN }, { reporter: crashes, router, hostname: 'console.lavo.health' })).toBe(true);
    expect(sentry.init).toHaveBeenCalledWith(expect.objectContaining({ dsn: DSN, release: 'dev', tracesSampleRate: SENTRY_TRACES_SAMPLE_RATE }));
    expect(SENTRY_TRACES_SAMPLE_RATE).toBe(0.2);
    expect(sentry.tanstackRouterBrowserTracingIntegration).toHaveBeenCalledWith(router);
    expect(sentry.setUser).toHaveBeenLastCalledWith({ id: '12' });

    const failure = new Error('render failed');
    crashes.report('render', failure, 'at Page');
    crashes.report('rejection', new Error('Sentry hears of these itself'));
    expect(sentry.captureException).toHaveBeenCalledTimes(1);
    expect(sentry.captureException).toHaveBeenCalledWith(failure, { tags: { kind: 'render' }, contexts: { react: { componentStack: 'at Page' } } });
    crashes.setUser(null);
    expect(sentry.setUser).toHaveBeenLastCalledWith(null);

    // Nothing it sends carries a query string (a search may hold a name).
    const options = sentry.init.mock.calls[0]![0] as { beforeSend: (e: object) => { request: { url: string } }; beforeBreadcrumb: (b: object) => { data: Record<string, string> } };
    expect(options.beforeSend({ request: { url: 'https://c.example/app/accounts/users?search=Jane', query_string: 'search=Jane' } })).toEqual({ request: { url: 'https://c.example/app/accounts/users' } });
    expect(options.beforeBreadcrumb({ data: { url: '/api/users?search=Jane', from: '/a?x=1', to: '/b#c' } }).data).toEqual({ url: '/api/users', from: '/a', to: '/b' });
    expect(withoutQuery('/app/x')).toBe('/app/x');
  });
});
