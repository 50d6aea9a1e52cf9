import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReportAnswers, createSessionCache } from './query-storage';

const KEY = 'test.session-cache';
const PREFIX = 'test.report-answer';
const THROTTLE_MS = 20;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Past the throttle: a save passed on has been written. */
const saved = () => wait(THROTTLE_MS * 3);

const persisted = (client: QueryClient): PersistedClient => ({ timestamp: Date.now(), buster: '1', clientState: dehydrate(client) });
const storedSession = () => JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as PersistedClient | null;
const answerKeys = () => Object.keys(window.localStorage).filter((key) => key.startsWith(`${PREFIX}-`));

function setUp() {
  const answers = createReportAnswers(PREFIX, { maxAge: 60_000, buster: '1' });
  const session = createSessionCache(KEY, { throttleMs: THROTTLE_MS, makeRoom: answers.dropOldest });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryDefaults(['reports'], { persister: answers.persister.persisterFn });
  return { answers, session, client };
}

/** A storage that holds `limit` characters of keys and values, and refuses more as a full browser storage does. */
function limitStorage(limit: number) {
  const setItem = Storage.prototype.setItem;
  return vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
    let used = 0;
    for (const item of Object.keys(this)) if (item !== key) used += item.length + (this.getItem(item)?.length ?? 0);
    if (used + key.length + value.length > limit) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    setItem.call(this, key, value);
  });
}

describe('the offline copy of the session cache', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await saved();
    window.localStorage.clear();
  });

  it('stores the session cache whole, and writes it again only when one of its queries changed', async () => {
    const { session, client } = setUp();
    client.setQueryData(['session', 'bootstrap'], { big: 'x'.repeat(1_000) });
    await session.persister.persistClient(persisted(client));
    await saved();
    expect(storedSession()?.clientState.queries.map((query) => query.queryKey)).toEqual([['session', 'bootstrap']]);

    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    // A save of the same answers (a report came and went): nothing is written.
    await session.persister.persistClient(persisted(client));
    await saved();
    expect(setItem).not.toHaveBeenCalled();

    client.setQueryData(['users', 4], [{ name: 'Gabriel' }]);
    await session.persister.persistClient(persisted(client));
    await saved();
    expect(setItem.mock.calls.map(([key]) => key)).toEqual([KEY]);
    expect(storedSession()?.clientState.queries).toHaveLength(2);
  });

  it('writes a query again once it is invalidated, so the next start asks for it again', async () => {
    const { session, client } = setUp();
    client.setQueryData(['users', { search: 'gabriel' }], [{ template: 'Individual User' }]);
    await session.persister.persistClient(persisted(client));
    await saved();
    // An assignment elsewhere invalidates the list; it is not on screen, so it is not asked again now.
    await client.invalidateQueries({ queryKey: ['users'] });
    await session.persister.persistClient(persisted(client));
    await saved();
    const restored = (await createSessionCache(KEY, { throttleMs: THROTTLE_MS, makeRoom: () => false }).persister.restoreClient()) as PersistedClient;
    expect(restored.clientState.queries[0]?.state.isInvalidated).toBe(true);
  });

  it('stores an answer kept after a failed refresh as that answer, not as the failure', async () => {
    const { session, client } = setUp();
    client.setQueryData(['session', 'me'], { role: 'Nurse' });
    const answeredAt = client.getQueryState(['session', 'me'])?.dataUpdatedAt;
    await client.fetchQuery({ queryKey: ['session', 'me'], queryFn: () => Promise.reject(new Error('offline')), staleTime: 0 }).catch(() => undefined);
    expect(client.getQueryState(['session', 'me'])?.status).toBe('error');
    // The app keeps every query that has an answer (query-client.ts), this one included.
    session.writeNow({ ...persisted(client), clientState: dehydrate(client, { shouldDehydrateQuery: (query) => query.state.data !== undefined }) });
    const state = storedSession()?.clientState.queries[0]?.state;
    expect(state).toMatchObject({ status: 'success', data: { role: 'Nurse' }, dataUpdatedAt: answeredAt, error: null });
  });

  it('reads a cache an earlier version stored one query per key, and removes those keys', async () => {
    window.localStorage.setItem(KEY, JSON.stringify({ timestamp: 5, buster: '1', mutations: [] }));
    const client = new QueryClient();
    client.setQueryData(['session', 'bootstrap'], { user: { id: 3 } });
    const [query] = dehydrate(client).queries;
    window.localStorage.setItem(`${KEY}:${query?.queryHash}`, JSON.stringify(query));
    window.localStorage.setItem(`${KEY}:["cut short"]`, '{"queryHash":');

    const restored = (await setUp().session.persister.restoreClient()) as PersistedClient;
    expect(restored).toMatchObject({ timestamp: 5, buster: '1', clientState: { mutations: [] } });
    expect(restored.clientState.queries.map((item) => [item.queryKey, item.state.data])).toEqual([[['session', 'bootstrap'], { user: { id: 3 } }]]);
    expect(Object.keys(window.localStorage)).toEqual([KEY]);
  });

  it('gives up stored report answers first when the storage is full, then the queries answered longest ago, and never throws', async () => {
    const { session, client } = setUp();
    for (const [i, at] of [
      [1, 1_000],
      [2, 2_000],
    ]) {
      await client.fetchQuery({ queryKey: ['reports', 'section', i], queryFn: () => ({ rows: 'r'.repeat(400) }) });
      // Answered at a known time, so which is the oldest is plain.
      client.setQueryData(['reports', 'section', i], (data: unknown) => data, { updatedAt: at });
    }
    await vi.waitFor(() => expect(answerKeys()).toHaveLength(2));
    client.removeQueries({ queryKey: ['reports'] });
    client.setQueryData(['session', 'bootstrap'], { big: 'b'.repeat(600) }, { updatedAt: 3_000 });

    // Room for the session cache beside one answer, not two.
    const size = (key: string) => key.length + (window.localStorage.getItem(key)?.length ?? 0);
    const answersSize = answerKeys().reduce((sum, key) => sum + size(key), 0);
    const oldest = size(`${PREFIX}-["reports","section",1]`);
    limitStorage(answersSize - oldest + KEY.length + JSON.stringify(persisted(client)).length + 50);
    await session.persister.persistClient(persisted(client));
    await saved();
    expect(storedSession()?.clientState.queries.map((query) => query.queryKey)).toEqual([['session', 'bootstrap']]);
    expect(answerKeys()).toEqual([`${PREFIX}-["reports","section",2]`]);

    // No room at all: every answer goes, then the session's queries; nothing throws.
    vi.restoreAllMocks();
    limitStorage(100);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    client.setQueryData(['session', 'role'], { name: 'r'.repeat(600) }, { updatedAt: 4_000 });
    await session.persister.persistClient(persisted(client));
    await saved();
    expect(answerKeys()).toEqual([]);
    expect(() => session.writeNow(persisted(client))).not.toThrow();
    expect(warn).toHaveBeenCalled();
  });
});

describe('the offline copy of report answers', () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await saved();
    window.localStorage.clear();
  });

  it('stores an answer when it arrives; a failed refresh leaves it stored, and a later session reads it back', async () => {
    const { client } = setUp();
    await client.fetchQuery({ queryKey: ['reports', 'overview', { groupId: 6 }], queryFn: () => ({ rate: 0.8 }) });
    await vi.waitFor(() => expect(answerKeys()).toHaveLength(1));
    const answeredAt = client.getQueryState(['reports', 'overview', { groupId: 6 }])?.dataUpdatedAt;

    await client
      .fetchQuery({ queryKey: ['reports', 'overview', { groupId: 6 }], queryFn: () => Promise.reject(new Error('offline')), staleTime: 0 })
      .catch(() => undefined);
    await wait(10);
    expect(JSON.parse(window.localStorage.getItem(answerKeys()[0] ?? '') ?? 'null').state).toMatchObject({ status: 'success', data: { rate: 0.8 } });

    // The next session, still without signal: the report shows the stored answer, as of when it was answered.
    const { client: next } = setUp();
    const asked = vi.fn(() => Promise.reject(new Error('offline')));
    await expect(next.fetchQuery({ queryKey: ['reports', 'overview', { groupId: 6 }], queryFn: asked })).resolves.toEqual({ rate: 0.8 });
    expect(asked).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(next.getQueryState(['reports', 'overview', { groupId: 6 }])?.dataUpdatedAt).toBe(answeredAt));
  });

  it('forgets every answer on sign-out, and does not store one of the session that ended arriving late', async () => {
    const { answers, client } = setUp();
    await client.fetchQuery({ queryKey: ['reports', 'a'], queryFn: () => 1 });
    await vi.waitFor(() => expect(answerKeys()).toHaveLength(1));
    window.localStorage.setItem('lavo.outbox-owner', 'kept');

    // An answer has arrived; before the task that stores it runs, the user signs out.
    await client.fetchQuery({ queryKey: ['reports', 'b'], queryFn: () => 2 });
    client.clear();
    await answers.forget();
    await wait(20);
    expect(answerKeys()).toEqual([]);
    expect(window.localStorage.getItem('lavo.outbox-owner')).toBe('kept');

    // The next user's answers are stored.
    await wait(5);
    await client.fetchQuery({ queryKey: ['reports', 'c'], queryFn: () => 3 });
    await vi.waitFor(() => expect(answerKeys()).toEqual([`${PREFIX}-["reports","c"]`]));
  });
});
