import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConnectionError } from './api-client';
import { clearQueryData, createQueryClient, startQueryPersistence } from './query-client';

/** The queries stored, each under `lavo.query-cache:{hash}`. */
function storedQueries(): { queryKey: unknown; state: { data: unknown } }[] {
  return Object.keys(window.localStorage)
    .filter((key) => key.startsWith('lavo.query-cache:'))
    .map((key) => JSON.parse(window.localStorage.getItem(key) ?? 'null'));
}

describe('query cache persistence', () => {
  afterEach(() => window.localStorage.clear());

  it('writes the cache at once when the page is left, without waiting for the throttled save', async () => {
    const client = createQueryClient();
    const stop = await startQueryPersistence(client);
    client.setQueryData(['session', 'bootstrap', 'nurse@demo.health'], { user: { id: 3 } });
    window.dispatchEvent(new Event('pagehide'));
    expect(storedQueries()).toEqual([
      expect.objectContaining({ queryKey: ['session', 'bootstrap', 'nurse@demo.health'], state: expect.objectContaining({ data: { user: { id: 3 } } }) }),
    ]);
    stop();
  });

  it('saves a second after the answers when nobody touches the page, and waits while a pan goes on', async () => {
    const client = createQueryClient();
    const stop = await startQueryPersistence(client);
    const saved = () => storedQueries().length;
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    client.setQueryData(['reports', 'section', 1], { value: 1 });
    await wait(1_500);
    expect(saved()).toBe(1);
    client.setQueryData(['reports', 'section', 2], { value: 2 });
    for (let i = 0; i < 8; i++) {
      window.dispatchEvent(new Event('pointermove'));
      await wait(300);
    }
    expect(saved()).toBe(1);
    await wait(1_000);
    expect(saved()).toBe(2);
    stop();
  }, 15_000);

  it('turns one query into JSON per task when it saves, so no step holds the page long', async () => {
    const client = createQueryClient();
    const stop = await startQueryPersistence(client);
    for (let i = 0; i < 5; i++) client.setQueryData(['reports', 'section', i], { value: i });
    const stringify = JSON.stringify;
    let inThisTask = 0;
    let most = 0;
    const spy = vi.spyOn(JSON, 'stringify').mockImplementation((value, ...rest) => {
      if (value && typeof value === 'object' && 'queryHash' in value) {
        if (inThisTask === 0) setTimeout(() => (inThisTask = 0), 0);
        most = Math.max(most, ++inThisTask);
      }
      return stringify(value, ...(rest as [])) as string;
    });
    try {
      await vi.waitFor(() => expect(window.localStorage.getItem('lavo.query-cache')).not.toBeNull(), { timeout: 5_000 });
    } finally {
      spy.mockRestore();
    }
    expect(most).toBe(1);
    expect(storedQueries().map((query) => query.state.data)).toEqual(expect.arrayContaining([0, 1, 2, 3, 4].map((value) => ({ value }))));
    expect(storedQueries()).toHaveLength(5);
    stop();
  });

  it('writes nothing from a save under way once the user has signed out', async () => {
    const client = createQueryClient();
    const stop = await startQueryPersistence(client);
    for (let i = 0; i < 3; i++) client.setQueryData(['reports', 'section', i], { value: i });
    const stringify = JSON.stringify;
    let signedOut = false;
    const spy = vi.spyOn(JSON, 'stringify').mockImplementation((value, ...rest) => {
      // The save has begun: the user signs out before its next step.
      if (!signedOut && value && typeof value === 'object' && 'queryHash' in value) {
        signedOut = true;
        setTimeout(() => void clearQueryData(client), 0);
      }
      return stringify(value, ...(rest as [])) as string;
    });
    try {
      await vi.waitFor(() => expect(signedOut).toBe(true), { timeout: 5_000 });
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      spy.mockRestore();
    }
    expect(window.localStorage.getItem('lavo.query-cache')).toBeNull();
    expect(storedQueries()).toEqual([]);
    stop();
  });

  it('restores what was saved into a new client', async () => {
    const first = createQueryClient();
    const stopFirst = await startQueryPersistence(first);
    first.setQueryData(['session', 'me'], { id: 7 });
    window.dispatchEvent(new Event('pagehide'));
    stopFirst();

    const second = createQueryClient();
    const stopSecond = await startQueryPersistence(second);
    expect(second.getQueryData(['session', 'me'])).toEqual({ id: 7 });
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

    const second = createQueryClient();
    const stopSecond = await startQueryPersistence(second);
    expect(second.getQueryData(['session', 'me', 'nurse'])).toEqual({ role: 'Nurse' });
    const state = second.getQueryState(['session', 'me', 'nurse']);
    expect(state?.status).toBe('success');
    expect(state?.dataUpdatedAt).toBe(answeredAt);
    stopSecond();
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
