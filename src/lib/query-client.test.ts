import { onlineManager, type QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionError } from './api-client';
import { clearQueryData, createQueryClient, KEEP_ON_DEVICE, startQueryPersistence } from './query-client';

/** The session cache as stored (the sync storage persister writes it whole under one key). */
function storedQueries(): { queryKey: unknown; state: { data: unknown } }[] {
  return JSON.parse(window.localStorage.getItem('lavo.query-cache') ?? 'null')?.clientState.queries ?? [];
}
/** The report answers stored, each under a key of its own. */
const storedAnswers = () => Object.keys(window.localStorage).filter((key) => key.startsWith('lavo.report-answer-'));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('query cache persistence', () => {
  let client: QueryClient | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    onlineManager.setOnline(true);
    // Signed out, and past the save's throttle, so nothing of this test is written into the next.
    if (client) await clearQueryData(client);
    client = undefined;
    await wait(1_100);
    window.localStorage.clear();
  });

  it('writes the session cache at once when the page is left, without waiting for the throttled save', async () => {
    client = createQueryClient();
    const stop = await startQueryPersistence(client);
    client.setQueryData(['session', 'bootstrap', 'nurse@demo.health'], { user: { id: 3 } });
    window.dispatchEvent(new Event('pagehide'));
    expect(storedQueries()).toEqual([
      expect.objectContaining({ queryKey: ['session', 'bootstrap', 'nurse@demo.health'], state: expect.objectContaining({ data: { user: { id: 3 } } }) }),
    ]);
    stop();
  });

  it('never writes a query marked not to be kept on the device (who looked at whose data)', async () => {
    client = createQueryClient();
    const stop = await startQueryPersistence(client);
    client.setQueryData(['session', 'me'], { id: 7 });
    await client.fetchQuery({ queryKey: ['privacy', 'access-log'], queryFn: () => ({ data: [{ viewer: 'Rae' }] }), meta: { [KEEP_ON_DEVICE]: false } });
    window.dispatchEvent(new Event('pagehide'));
    expect(storedQueries().map((q) => q.queryKey)).toEqual([['session', 'me']]);
    stop();
  });

  it('saves the session cache within a second of a change', async () => {
    client = createQueryClient();
    const stop = await startQueryPersistence(client);
    client.setQueryData(['session', 'me'], { id: 7 });
    expect(storedQueries()).toEqual([]);
    await wait(1_200);
    expect(storedQueries()).toEqual([expect.objectContaining({ queryKey: ['session', 'me'] })]);
    stop();
  });

  it('writes each report answer in a task of its own as it arrives, apart from the session cache', async () => {
    client = createQueryClient();
    const stop = await startQueryPersistence(client);
    client.setQueryData(['session', 'bootstrap'], { user: { id: 3 } });
    await wait(1_200);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    // What is turned into JSON before the page can answer a tap (up to the next microtask checkpoint).
    const stringify = JSON.stringify;
    let inThisRun = 0;
    let most = 0;
    vi.spyOn(JSON, 'stringify').mockImplementation((value, ...rest) => {
      const text = stringify(value, ...(rest as [])) as string;
      if (inThisRun === 0) queueMicrotask(() => (inThisRun = 0));
      inThisRun += text.length;
      most = Math.max(most, inThisRun);
      return text;
    });
    const answer = (i: number) => ({ section: i, rows: 'r'.repeat(5_000) });
    const fetched = client;
    await Promise.all([0, 1, 2, 3, 4].map((i) => fetched.fetchQuery({ queryKey: ['reports', 'section', i], queryFn: () => answer(i) })));
    await vi.waitFor(() => expect(storedAnswers()).toHaveLength(5));
    await wait(1_200);
    vi.mocked(JSON.stringify).mockRestore();

    expect(most).toBeGreaterThan(5_000);
    expect(most).toBeLessThan(2 * 5_000);
    // The session cache did not change, so its bootstrap is not written again; it holds no report.
    expect(setItem.mock.calls.map(([key]) => key).filter((key) => !key.startsWith('lavo.report-answer-'))).toEqual([]);
    expect(storedQueries().map((query) => query.queryKey)).toEqual([['session', 'bootstrap']]);
    stop();
  });

  it('restores the session cache into a new client', async () => {
    const first = createQueryClient();
    const stopFirst = await startQueryPersistence(first);
    first.setQueryData(['session', 'me'], { id: 7 });
    window.dispatchEvent(new Event('pagehide'));
    stopFirst();

    client = createQueryClient();
    const stopSecond = await startQueryPersistence(client);
    expect(client.getQueryData(['session', 'me'])).toEqual({ id: 7 });
    stopSecond();
  });

  it('keeps an answer whose refresh failed (offline), stored as the answer, for the next start', async () => {
    const first = createQueryClient();
    const stopFirst = await startQueryPersistence(first);
    first.setQueryData(['session', 'me', 'nurse'], { role: 'Nurse' });
    const answeredAt = first.getQueryState(['session', 'me', 'nurse'])?.dataUpdatedAt;
    await first
      .fetchQuery({
        queryKey: ['session', 'me', 'nurse'],
        queryFn: () => Promise.reject(new ConnectionError()),
        staleTime: 0,
      })
      .catch(() => undefined);
    expect(first.getQueryState(['session', 'me', 'nurse'])?.status).toBe('error');
    window.dispatchEvent(new Event('pagehide'));
    stopFirst();

    client = createQueryClient();
    const stopSecond = await startQueryPersistence(client);
    expect(client.getQueryData(['session', 'me', 'nurse'])).toEqual({ role: 'Nurse' });
    const state = client.getQueryState(['session', 'me', 'nurse']);
    expect(state?.status).toBe('success');
    expect(state?.dataUpdatedAt).toBe(answeredAt);
    stopSecond();
  });

  it('a reload without signal reads the last session\'s bootstrap and a report it read, whose refresh had failed', async () => {
    const first = createQueryClient();
    const stopFirst = await startQueryPersistence(first);
    first.setQueryData(['session', 'bootstrap', 'admin@demo.health'], { user: { id: 1 } });
    const report = ['reports', 'compliance/overview-stats', { groupId: 6 }];
    await first.fetchQuery({ queryKey: report, queryFn: () => ({ rate: 0.82 }) });
    const answeredAt = first.getQueryState(report)?.dataUpdatedAt;
    await vi.waitFor(() => expect(storedAnswers()).toHaveLength(1));
    await first.fetchQuery({ queryKey: report, queryFn: () => Promise.reject(new ConnectionError()), staleTime: 0 }).catch(() => undefined);
    window.dispatchEvent(new Event('pagehide'));
    stopFirst();

    // The reload, offline: the report is asked for as its screen does, and fails.
    onlineManager.setOnline(false);
    client = createQueryClient();
    const stopSecond = await startQueryPersistence(client);
    expect(client.getQueryData(['session', 'bootstrap', 'admin@demo.health'])).toEqual({ user: { id: 1 } });
    const observer = new QueryObserver(client, { queryKey: report, queryFn: () => Promise.reject(new ConnectionError()) });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ rate: 0.82 }));
    await vi.waitFor(() => expect(observer.getCurrentResult().dataUpdatedAt).toBe(answeredAt));
    unsubscribe();
    stopSecond();
  });

  it('forgets the session cache and the report answers on sign-out, even an answer arriving as the user signs out', async () => {
    client = createQueryClient();
    const stop = await startQueryPersistence(client);
    client.setQueryData(['session', 'me'], { id: 7 });
    await client.fetchQuery({ queryKey: ['reports', 'a'], queryFn: () => ({ value: 1 }) });
    await vi.waitFor(() => expect(storedAnswers()).toHaveLength(1));
    window.dispatchEvent(new Event('pagehide'));
    // The last answer has arrived; the task that stores it has not run yet.
    await client.fetchQuery({ queryKey: ['reports', 'b'], queryFn: () => ({ value: 2 }) });
    await clearQueryData(client);
    await wait(1_200);
    expect(storedAnswers()).toEqual([]);
    expect(storedQueries()).toEqual([]);
    stop();
  });
});

describe('queries without a connection', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('fail at once offline (so the screen can say so), and are asked again when the connection is back', async () => {
    const client = createQueryClient();
    client.mount();
    onlineManager.setOnline(false);
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['stations', 4],
      queryFn: async () => {
        calls += 1;
        if (!onlineManager.isOnline()) throw new ConnectionError();
        return ['kiosk'];
      },
    });
    const states: string[] = [];
    const unsubscribe = observer.subscribe((result) => states.push(`${result.status}/${result.fetchStatus}`));
    await vi.waitFor(() => expect(observer.getCurrentResult().error).toBeInstanceOf(ConnectionError));
    expect(states).not.toContain('pending/paused');

    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(['kiosk']));
    expect(calls).toBe(2);
    unsubscribe();
    client.unmount();
  });
});
