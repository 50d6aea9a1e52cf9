import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryStorage } from './query-storage';

const KEY = 'test.query-cache';
const persisted = (client: QueryClient): PersistedClient => ({ timestamp: Date.now(), buster: '1', clientState: dehydrate(client) });
const storedKeys = () => Object.keys(window.localStorage).filter((key) => key === KEY || key.startsWith(`${KEY}:`)).sort();

describe('the offline copy of the query cache', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('stores each query under a key of its own and writes again only the answers that changed', () => {
    const storage = createQueryStorage(KEY, { quietMs: 1_000, latestMs: 10_000 });
    const client = new QueryClient();
    client.setQueryData(['session', 'bootstrap'], { big: 'x'.repeat(1_000) });
    client.setQueryData(['reports', 'map'], { bars: 1 });
    storage.writeNow(persisted(client));
    expect(storedKeys()).toEqual([KEY, `${KEY}:["reports","map"]`, `${KEY}:["session","bootstrap"]`]);

    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    client.setQueryData(['reports', 'map'], { bars: 2 }, { updatedAt: Date.now() + 1 });
    storage.writeNow(persisted(client));
    expect(setItem.mock.calls.map(([key]) => key)).toEqual([`${KEY}:["reports","map"]`, KEY]);
    expect(JSON.parse(window.localStorage.getItem(`${KEY}:["reports","map"]`) ?? 'null').state.data).toEqual({ bars: 2 });
  });

  it('writes a query again once it is invalidated, so the next start asks for it again', async () => {
    const storage = createQueryStorage(KEY, { quietMs: 1_000, latestMs: 10_000 });
    const client = new QueryClient();
    client.setQueryData(['users', { search: 'gabriel' }], [{ template: 'Individual User' }]);
    storage.writeNow(persisted(client));
    // An assignment elsewhere invalidates the list; it is not on screen, so it is not asked again now.
    await client.invalidateQueries({ queryKey: ['users'] });
    storage.writeNow(persisted(client));
    const restored = createQueryStorage(KEY, { quietMs: 1_000, latestMs: 10_000 }).persister.restoreClient() as PersistedClient;
    expect(restored.clientState.queries[0]?.state.isInvalidated).toBe(true);
  });

  it('removes a query that has left the cache', () => {
    const storage = createQueryStorage(KEY, { quietMs: 1_000, latestMs: 10_000 });
    const client = new QueryClient();
    client.setQueryData(['a'], 1);
    client.setQueryData(['b'], 2);
    storage.writeNow(persisted(client));
    client.removeQueries({ queryKey: ['a'] });
    storage.writeNow(persisted(client));
    expect(storedKeys()).toEqual([KEY, `${KEY}:["b"]`]);
  });

  it('restores what it stored, and a cache stored whole under one key by an earlier version', () => {
    const client = new QueryClient();
    client.setQueryData(['a'], { value: 1 });
    createQueryStorage(KEY, { quietMs: 1_000, latestMs: 10_000 }).writeNow(persisted(client));
    const restored = createQueryStorage(KEY, { quietMs: 1_000, latestMs: 10_000 }).persister.restoreClient() as PersistedClient;
    expect(restored.buster).toBe('1');
    expect(restored.clientState.queries.map((query) => [query.queryKey, query.state.data])).toEqual([[['a'], { value: 1 }]]);

    window.localStorage.clear();
    const whole = persisted(client);
    window.localStorage.setItem(KEY, JSON.stringify(whole));
    const storage = createQueryStorage(KEY, { quietMs: 1_000, latestMs: 10_000 });
    expect(storage.persister.restoreClient()).toEqual(whole);
    // The next save writes it in the present form.
    storage.writeNow(whole);
    expect(storedKeys()).toEqual([KEY, `${KEY}:["a"]`]);
    expect(JSON.parse(window.localStorage.getItem(KEY) ?? 'null')).toEqual({ timestamp: whole.timestamp, buster: '1', mutations: [] });
  });

  it('forgets every query it stored on removal (sign-out), and nothing else', async () => {
    const storage = createQueryStorage(KEY, { quietMs: 1_000, latestMs: 10_000 });
    const client = new QueryClient();
    client.setQueryData(['a'], 1);
    client.setQueryData(['b'], 2);
    storage.writeNow(persisted(client));
    window.localStorage.setItem('lavo.outbox-owner', 'kept');
    await storage.persister.removeClient();
    expect(storedKeys()).toEqual([]);
    expect(window.localStorage.getItem('lavo.outbox-owner')).toBe('kept');
    // Stored again whole after a removal, not only what changed since.
    storage.writeNow(persisted(client));
    expect(storedKeys()).toEqual([KEY, `${KEY}:["a"]`, `${KEY}:["b"]`]);
  });
});
