import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { OfflineDatabase } from './db';
import { BACKOFF_BASE_MS, backoffMs, discardItem, enqueue, enqueueAll, queueOf, registerOutboxHandler, replayOutbox, replayQueued, resendChanged, retryItem } from './outbox';

const NURSE = 'sub-nurse';
const TECH = 'sub-tech';
const T0 = Date.UTC(2026, 10, 21, 8, 0, 0);

/** What the fake server received: the type, the payload's label and the Idempotency-Key. */
let received: { label: string; key: string; itemId: string }[] = [];
/** The answer of the next sends, by label: an error to throw, or nothing (accepted). */
let answers = new Map<string, unknown>();

registerOutboxHandler<{ label: string }>('tag', {
  async send(payload, { idempotencyKey, itemId }) {
    received.push({ label: payload.label, key: idempotencyKey, itemId });
    const answer = answers.get(payload.label);
    if (answer) throw answer;
  },
  describe: (payload) => `Tag ${payload.label}`,
});

let db: OfflineDatabase;
let n = 0;
const add = (label: string, entity: string, userSub = TECH, at = T0) => enqueue(db, { userSub, type: 'tag', entity, payload: { label } }, at);

beforeEach(() => {
  db = new OfflineDatabase(`outbox-test-${(n += 1)}`);
  received = [];
  answers = new Map();
});
afterEach(async () => {
  await db.delete();
});

describe('the outbox', () => {
  it('sends the queue, each entity’s edits oldest first, and empties it', async () => {
    await add('a1', 'tag:A', TECH, T0);
    await add('b1', 'tag:B', TECH, T0 + 1);
    await add('a2', 'tag:A', TECH, T0 + 2);
    await add('a3', 'tag:A', TECH, T0 + 3);
    const result = await replayOutbox(db, TECH, T0 + 10);
    const labels = received.map((r) => r.label);
    expect(labels.filter((l) => l.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
    expect(labels.sort()).toEqual(['a1', 'a2', 'a3', 'b1']);
    expect(result).toEqual({ sent: 4, deferred: 0, refused: 0, needsSignIn: false });
    expect(await queueOf(db, TECH)).toEqual([]);
  });

  it('sends different entities side by side but never two edits of one entity at once', async () => {
    for (let i = 0; i < 3; i += 1) {
      await add(`x${i}`, 'slow:X', TECH, T0 + i);
      await add(`y${i}`, 'slow:Y', TECH, T0 + i);
    }
    const inFlight = new Map<string, number>();
    let overlapAcrossEntities = false;
    registerOutboxHandler<{ label: string }>('slow', {
      async send(payload) {
        const entity = payload.label[0] as string;
        expect(inFlight.get(entity) ?? 0).toBe(0);
        inFlight.set(entity, 1);
        if ([...inFlight.values()].reduce((a, b) => a + b, 0) > 1) overlapAcrossEntities = true;
        await new Promise((resolve) => setTimeout(resolve, 5));
        received.push({ label: payload.label, key: '', itemId: '' });
        inFlight.set(entity, 0);
      },
      describe: (payload) => payload.label,
    });
    await db.outbox.toCollection().modify({ type: 'slow' });
    const result = await replayOutbox(db, TECH, T0 + 10);
    expect(result.sent).toBe(6);
    expect(overlapAcrossEntities).toBe(true);
    expect(received.map((r) => r.label).filter((l) => l.startsWith('x'))).toEqual(['x0', 'x1', 'x2']);
  });

  it('leaves an item whose type no screen has registered yet untouched', async () => {
    await enqueue(db, { userSub: TECH, type: 'not-yet-known', entity: 'tag:Z', payload: {} }, T0);
    const result = await replayOutbox(db, TECH, T0 + 10);
    expect(result).toEqual({ sent: 0, deferred: 0, refused: 0, needsSignIn: false });
    expect((await queueOf(db, TECH)).map((i) => [i.status, i.attempts])).toEqual([['pending', 0]]);
  });

  it('sends an item still waiting out its backoff when told the network is back', async () => {
    await add('a1', 'tag:A', TECH, T0);
    answers.set('a1', new TypeError('Failed to fetch'));
    await replayOutbox(db, TECH, T0);
    answers.delete('a1');
    expect((await replayOutbox(db, TECH, T0 + 1)).sent).toBe(0);
    const sent: string[] = [];
    const result = await replayOutbox(db, TECH, T0 + 1, { ignoreBackoff: true, onSent: (item) => sent.push(item.id) });
    expect(result.sent).toBe(1);
    expect(sent).toHaveLength(1);
  });

  it('queues a batch in one go, in the given order', async () => {
    const items = ['c', 'a', 'b'].map((label) => ({ userSub: TECH, type: 'tag', entity: 'tag:Same', payload: { label } }));
    await enqueueAll(db, items, T0);
    await replayOutbox(db, TECH, T0 + 10);
    expect(received.map((r) => r.label)).toEqual(['c', 'a', 'b']);
  });

  it('never sends another user’s queue', async () => {
    await add('mine', 'tag:A', TECH);
    await add('theirs', 'tag:B', NURSE);
    await replayOutbox(db, TECH, T0 + 10);
    expect(received.map((r) => r.label)).toEqual(['mine']);
    expect((await queueOf(db, NURSE)).map((i) => i.payload)).toEqual([{ label: 'theirs' }]);
  });

  it('keeps a refused item with the server’s message, holds back later edits of that entity, lets others go', async () => {
    await add('a1', 'tag:A', TECH, T0);
    await add('a2', 'tag:A', TECH, T0 + 1);
    await add('b1', 'tag:B', TECH, T0 + 2);
    answers.set('a1', new ApiError(409, 'User Already Assigned', undefined));
    const result = await replayOutbox(db, TECH, T0 + 10);
    expect(result.refused).toBe(1);
    expect(received.map((r) => r.label)).toEqual(['a1', 'b1']);
    const queue = await queueOf(db, TECH);
    expect(queue.map((i) => [i.payload, i.status, i.lastError])).toEqual([
      [{ label: 'a1' }, 'failed', 'User Already Assigned'],
      [{ label: 'a2' }, 'pending', null],
    ]);
    // Replaying again changes nothing until the user acts on it.
    await replayOutbox(db, TECH, T0 + 60_000);
    expect(received).toHaveLength(2);
  });

  it('sends a retried item again with the same Idempotency-Key, then the ones behind it', async () => {
    const first = await add('a1', 'tag:A', TECH, T0);
    await add('a2', 'tag:A', TECH, T0 + 1);
    answers.set('a1', new ApiError(409, 'User Already Assigned', undefined));
    await replayOutbox(db, TECH, T0 + 10);
    answers.delete('a1');
    await retryItem(db, first.id, T0 + 20);
    await replayOutbox(db, TECH, T0 + 30);
    expect(received.map((r) => r.label)).toEqual(['a1', 'a1', 'a2']);
    expect(received[0]?.key).toBe(first.id);
    expect(received[1]?.key).toBe(first.id);
    expect(await queueOf(db, TECH)).toEqual([]);
  });

  it('sends a refused item the user changed afresh, under a new Idempotency-Key, before the ones behind it', async () => {
    const first = await add('a1', 'tag:A', TECH, T0);
    await add('a2', 'tag:A', TECH, T0 + 1);
    answers.set('a1', new ApiError(409, 'Changed by someone else', undefined));
    await replayOutbox(db, TECH, T0 + 10);
    // Under the first key the server would answer its stored refusal again.
    await resendChanged(db, first.id, { label: 'a1 over theirs' }, T0 + 20);
    const [resent] = await queueOf(db, TECH);
    expect(resent).toMatchObject({ id: first.id, status: 'pending', lastError: null, payload: { label: 'a1 over theirs' } });
    await replayOutbox(db, TECH, T0 + 30);
    expect(received.map((r) => r.label)).toEqual(['a1', 'a1 over theirs', 'a2']);
    expect(received[1]?.key).not.toBe(first.id);
    expect(received[1]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(received[1]?.itemId).toBe(first.id);
    expect(await queueOf(db, TECH)).toEqual([]);
  });

  it('keeps the changed item’s new key through a failed attempt, so a lost answer is not applied twice', async () => {
    const item = await add('a1', 'tag:A', TECH, T0);
    answers.set('a1', new ApiError(409, 'Changed by someone else', undefined));
    await replayOutbox(db, TECH, T0 + 10);
    await resendChanged(db, item.id, { label: 'a2' }, T0 + 20);
    answers.set('a2', new TypeError('Failed to fetch'));
    await replayOutbox(db, TECH, T0 + 30);
    answers.delete('a2');
    await replayOutbox(db, TECH, T0 + 30 + BACKOFF_BASE_MS);
    expect(received.map((r) => r.label)).toEqual(['a1', 'a2', 'a2']);
    expect(received[2]?.key).toBe(received[1]?.key);
  });

  it('discards an item for good', async () => {
    const item = await add('a1', 'tag:A');
    await discardItem(db, item.id);
    await replayOutbox(db, TECH, T0 + 10);
    expect(received).toEqual([]);
  });

  it('waits longer after each failed attempt when the server cannot be reached, keeping the key', async () => {
    const item = await add('a1', 'tag:A', TECH, T0);
    answers.set('a1', new TypeError('Failed to fetch'));
    expect((await replayOutbox(db, TECH, T0)).deferred).toBe(1);
    let [stored] = await queueOf(db, TECH);
    expect(stored).toMatchObject({ status: 'pending', attempts: 1, lastError: 'The server could not be reached.', nextAttemptAt: T0 + BACKOFF_BASE_MS });
    // Too early: not sent.
    await replayOutbox(db, TECH, T0 + BACKOFF_BASE_MS - 1);
    expect(received).toHaveLength(1);
    await replayOutbox(db, TECH, T0 + BACKOFF_BASE_MS);
    [stored] = await queueOf(db, TECH);
    expect(stored?.attempts).toBe(2);
    expect(stored?.nextAttemptAt).toBe(T0 + BACKOFF_BASE_MS + backoffMs(2));
    expect(backoffMs(2)).toBe(2 * BACKOFF_BASE_MS);
    expect(backoffMs(30)).toBe(5 * 60_000);
    // A 5xx is a passing failure too.
    answers.set('a1', new ApiError(503, 'Service Unavailable', undefined));
    await replayOutbox(db, TECH, T0 + 10 * 60_000);
    [stored] = await queueOf(db, TECH);
    expect(stored?.status).toBe('pending');
    answers.delete('a1');
    await replayOutbox(db, TECH, T0 + 20 * 60_000);
    expect(received.every((r) => r.key === item.id)).toBe(true);
    expect(await queueOf(db, TECH)).toEqual([]);
  });

  it('stops at a 401 and sends nothing more until the user has signed in again', async () => {
    await add('a1', 'tag:A', TECH, T0);
    await add('b1', 'tag:B', TECH, T0 + 1);
    answers.set('a1', new ApiError(401, 'Your session has ended.', undefined));
    const result = await replayOutbox(db, TECH, T0 + 10, { concurrency: 1 });
    expect(result.needsSignIn).toBe(true);
    expect(received.map((r) => r.label)).toEqual(['a1']);
    expect((await queueOf(db, TECH)).map((i) => i.status)).toEqual(['pending', 'pending']);
  });

  it('runs one replay at a time however often it is asked', async () => {
    await add('a1', 'tag:A', TECH, T0);
    vi.useFakeTimers({ toFake: ['Date'], now: T0 + 10 });
    try {
      const [one, two] = await Promise.all([replayQueued(db, TECH), replayQueued(db, TECH)]);
      expect(one).toBe(two);
      expect(received).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
