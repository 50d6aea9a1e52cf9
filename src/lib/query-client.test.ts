import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient, startQueryPersistence } from './query-client';

describe('query cache persistence', () => {
  afterEach(() => window.localStorage.clear());

  it('writes the cache at once when the page is left, without waiting for the throttled save', async () => {
    const client = createQueryClient();
    const stop = await startQueryPersistence(client);
    client.setQueryData(['session', 'bootstrap', 'nurse@demo.health'], { user: { id: 3 } });
    window.dispatchEvent(new Event('pagehide'));
    const saved = JSON.parse(window.localStorage.getItem('lavo.query-cache') ?? 'null');
    expect(saved.clientState.queries).toEqual([
      expect.objectContaining({ queryKey: ['session', 'bootstrap', 'nurse@demo.health'], state: expect.objectContaining({ data: { user: { id: 3 } } }) }),
    ]);
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
});
