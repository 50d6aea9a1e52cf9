import { CLIENT_ERROR_LIMITS, clientErrorBodySchema, type ClientErrorBody } from '@contracts/client-errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CRASH_DEDUPE_MS, CRASH_QUEUE_MAX, CRASH_REPORTS_PER_LOAD, crashBody, createCrashReporter, installCrashReports, postCrash, type CrashDelivery } from './crash-reports';

const auth = vi.hoisted(() => ({ token: null as string | null }));
vi.mock('./auth', () => ({ getIdToken: vi.fn(async () => auth.token) }));

/** A reporter whose sends are recorded, answered as `outcome` says, at a clock the test moves. */
function reporterWith(outcome: () => CrashDelivery | Promise<CrashDelivery> = () => 'sent') {
  const sent: ClientErrorBody[] = [];
  const clock = { now: 1_000_000 };
  const reporter = createCrashReporter({
    send: async (body) => {
      sent.push(body);
      return outcome();
    },
    release: '0.1.0+abc',
    route: () => '/app/reports/overview',
    now: () => clock.now,
  });
  return { reporter, sent, clock };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the crash reporter', () => {
  it('sends a failure once with its release, page, message, stack and user', async () => {
    const { reporter, sent } = reporterWith();
    reporter.setUser(12);
    const error = new TypeError("Cannot read properties of undefined (reading 'map')");
    reporter.report('render', error, '\n    at Overview\n    at AppPage');
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      kind: 'render',
      release: '0.1.0+abc',
      route: '/app/reports/overview',
      message: "TypeError: Cannot read properties of undefined (reading 'map')",
      userId: 12,
    });
    expect(sent[0]!.stack).toContain(error.stack!.split('\n')[0]);
    expect(sent[0]!.stack).toContain('Component stack:\n    at Overview');
    expect(clientErrorBodySchema.safeParse(sent[0]).success).toBe(true);
  });

  it('sends the same failure once a minute, and a different one at once', async () => {
    const { reporter, sent, clock } = reporterWith();
    const again = () => reporter.report('rejection', new Error('Same thing'));
    again();
    again();
    reporter.report('rejection', new Error('Another thing'));
    clock.now += CRASH_DEDUPE_MS - 1;
    again();
    await settle();
    expect(sent.map((b) => b.message)).toEqual(['Error: Same thing', 'Error: Another thing']);
    clock.now += 1;
    again();
    await settle();
    expect(sent).toHaveLength(3);
  });

  it('sends no more than its cap in one page load, however many failures come', async () => {
    const { reporter, sent } = reporterWith();
    for (let n = 0; n < CRASH_REPORTS_PER_LOAD + 5; n++) reporter.report('render', new Error(`failure ${n}`));
    await settle();
    expect(sent).toHaveLength(CRASH_REPORTS_PER_LOAD);
  });

  it('never throws nor sends again when a send fails; keeps what found no server until the connection is back', async () => {
    let outcome: () => CrashDelivery | Promise<CrashDelivery> = () => Promise.reject(new Error('network down'));
    const { reporter, sent } = reporterWith(() => outcome());
    expect(() => reporter.report('render', new Error('first'))).not.toThrow();
    await settle();
    expect(sent).toHaveLength(1);
    expect(reporter.queued()).toBe(0);

    outcome = () => 'unreachable';
    for (let n = 0; n < CRASH_QUEUE_MAX + 3; n++) reporter.report('route', new Error(`offline ${n}`));
    await settle();
    expect(reporter.queued()).toBe(CRASH_QUEUE_MAX);
    outcome = () => 'sent';
    await reporter.flush();
    expect(reporter.queued()).toBe(0);
    expect(sent.slice(-CRASH_QUEUE_MAX).map((b) => b.message)).toEqual(Array.from({ length: CRASH_QUEUE_MAX }, (_, n) => `Error: offline ${n}`));
  });

  it('tells its forward of each failure once, and goes on when the forward throws', async () => {
    const { reporter, sent } = reporterWith();
    const forward = vi.fn(() => {
      throw new Error('Sentry is broken');
    });
    reporter.setForward(forward);
    const error = new Error('forwarded');
    reporter.report('render', error, 'at X');
    reporter.report('render', error, 'at X');
    await settle();
    expect(forward).toHaveBeenCalledTimes(1);
    expect(forward).toHaveBeenCalledWith('render', error, 'at X');
    expect(sent).toHaveLength(1);
  });

  it('cuts every field to its limit and drops what the API refuses', () => {
    const error = new Error(`bell \u0007 and a lone \ud800 half ${'x'.repeat(CLIENT_ERROR_LIMITS.message)}`);
    error.stack = `line one\n\tline two \u0000\n${'y'.repeat(CLIENT_ERROR_LIMITS.stack)}`;
    const body = crashBody('render', error, null, { release: 'r'.repeat(500), route: `/app/${'z'.repeat(500)}`, userId: null });
    expect(body.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(body.stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
    expect(body.stack!.startsWith('line one\n\tline two \uFFFD\n')).toBe(true);
    expect(body.release).toHaveLength(CLIENT_ERROR_LIMITS.release);
    expect(body.route).toHaveLength(CLIENT_ERROR_LIMITS.route);
    expect(clientErrorBodySchema.safeParse(body).success).toBe(true);
  });

  it('describes what is thrown that is no error', () => {
    const where = { release: 'r', route: '/', userId: null };
    expect(crashBody('rejection', 'plain text', null, where)).toMatchObject({ message: 'plain text', stack: null });
    expect(crashBody('rejection', { code: 42 }, null, where).message).toBe('{"code":42}');
    expect(crashBody('rejection', undefined, null, where).message).toBe('undefined');
    expect(crashBody('rejection', '', null, where).message).toBe('(no message)');
  });
});

describe('posting a report', () => {
  const body = crashBody('render', new Error('posted'), null, { release: 'r', route: '/app', userId: 3 });
  afterEach(() => {
    auth.token = null;
  });

  it('posts as the signed-in user, and without a user when that is refused as unauthorized', async () => {
    auth.token = 'id-token';
    const calls: { url: string; init: RequestInit }[] = [];
    const answers = [401, 201];
    const fetchImpl = vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(null, { status: answers.shift() });
    }) as unknown as typeof fetch;
    expect(await postCrash(body, fetchImpl)).toBe('sent');
    expect(calls.map((c) => c.url)).toEqual(['/api/client-errors', '/api/client-errors/anonymous']);
    expect((calls[0]!.init.headers as Record<string, string>).Authorization).toBe('id-token');
    expect((calls[1]!.init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(JSON.parse(calls[1]!.init.body as string)).toEqual(body);
    expect(calls[0]!.init.keepalive).toBe(true);
  });

  it('posts without a user when nobody is signed in, and says a refusal is one', async () => {
    const fetchImpl = vi.fn(async () => new Response(null, { status: 429 })) as unknown as typeof fetch;
    expect(await postCrash(body, fetchImpl)).toBe('refused');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fetchImpl).mock.calls[0]![0]).toBe('/api/client-errors/anonymous');
  });

  it('says the server was not reached when offline or when the request fails', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await postCrash(body, failing)).toBe('unreachable');
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const never = vi.fn() as unknown as typeof fetch;
    expect(await postCrash(body, never)).toBe('unreachable');
    expect(never).not.toHaveBeenCalled();
    offline.mockRestore();
  });
});

describe('the page’s listeners', () => {
  it('report a promise nobody handled (not one given up on purpose), and send the queue when the connection is back', () => {
    const report = vi.fn();
    const flush = vi.fn(async () => {});
    const remove = installCrashReports({ report, flush, setUser: vi.fn(), setForward: vi.fn(), setUserListener: vi.fn(), queued: () => 0 });
    const rejection = (reason: unknown) => window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));
    const reason = new Error('nobody caught me');
    rejection(reason);
    rejection(new DOMException('The operation was aborted.', 'AbortError'));
    window.dispatchEvent(new Event('online'));
    remove();
    rejection(new Error('after removal'));
    expect(report).toHaveBeenCalledTimes(1);
    expect(report).toHaveBeenCalledWith('rejection', reason);
    expect(flush).toHaveBeenCalledTimes(1);
  });
});
