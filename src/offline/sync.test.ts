import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { OfflineDatabase } from './db';
import { enqueue, queueOf, registerOutboxHandler } from './outbox';
import { requestReplay, sendQueuedNow, startOutboxSync, syncStatus } from './sync';

const TECH = 'sub-tech';
let sent: string[] = [];
let failNext: unknown = null;

registerOutboxHandler<{ label: string }>('sync-test', {
  async send(payload) {
    if (failNext) {
      const error = failNext;
      failNext = null;
      throw error;
    }
    sent.push(payload.label);
  },
  describe: (payload) => payload.label,
  invalidates: (payload) => [['tags', payload.label]],
});

let db: OfflineDatabase;
let n = 0;
let stop: (() => void) | null = null;
let refreshCalls = 0;
let online = true;
const refreshed: unknown[] = [];
const announced: number[] = [];

const add = (label: string, userSub = TECH) => enqueue(db, { userSub, type: 'sync-test', entity: `e:${label}`, payload: { label } });
const drained = async (userSub = TECH) => {
  for (let i = 0; i < 200; i += 1) {
    if (!syncStatus().replaying && (await queueOf(db, userSub)).length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the queue was not sent');
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeEach(() => {
  db = new OfflineDatabase(`sync-test-${(n += 1)}`);
  sent = [];
  failNext = null;
  online = true;
  refreshed.length = 0;
  announced.length = 0;
  refreshCalls = 0;
});
afterEach(async () => {
  stop?.();
  stop = null;
  await settle();
  await db.delete();
});

const start = (userSub = TECH) => {
  stop = startOutboxSync({ db, userSub, isOnline: () => online, refresh: (keys) => {
      refreshCalls += 1;
      refreshed.push(...keys);
    },
    onWaitingSent: (count) => announced.push(count),
  });
};

describe('outbox sync', () => {
  it('sends what an earlier visit left queued as soon as it starts, and refreshes the lists it changed', async () => {
    await add('left-over');
    start();
    await drained();
    expect(sent).toEqual(['left-over']);
    expect(refreshed).toEqual([['tags', 'left-over']]);
  });

  it('runs the replay again at once when the browser closed the store’s connection under it', async () => {
    start();
    await settle();
    await add('cut-off');
    // The store's first read fails as a closed connection does; Dexie opens it again for the next.
    const where = db.outbox.where.bind(db.outbox);
    let failed = false;
    vi.spyOn(db.outbox, 'where').mockImplementation(((index: string) => {
      if (!failed) {
        failed = true;
        throw Object.assign(new Error('AbortError The connection was closed.'), { name: 'AbortError' });
      }
      return where(index);
    }) as typeof db.outbox.where);
    await sendQueuedNow();
    expect(failed).toBe(true);
    expect(sent).toEqual(['cut-off']);
  });

  it('refetches the lists once for a whole replay, not once per edit', async () => {
    await add('one');
    await add('two');
    await add('three');
    start();
    await drained();
    expect(refreshCalls).toBe(1);
    expect(refreshed).toHaveLength(3);
  });

  it('sends nothing while offline and everything once the browser is back online, without waiting out the backoff', async () => {
    online = false;
    start();
    await add('a');
    requestReplay();
    await settle();
    expect(sent).toEqual([]);

    // A first attempt that could not reach the server puts the item in backoff…
    online = true;
    failNext = new TypeError('Failed to fetch');
    requestReplay();
    await settle();
    expect((await queueOf(db, TECH))[0]?.attempts).toBe(1);
    expect(sent).toEqual([]);
    // …and reconnecting sends it at once.
    window.dispatchEvent(new Event('online'));
    await drained();
    expect(sent).toEqual(['a']);
  });

  it('says how many waiting edits were sent, once per replay, and not the edits just made online', async () => {
    online = false;
    start();
    await add('offline-1');
    await add('offline-2');
    await add('offline-3');
    requestReplay();
    await settle();
    expect(announced).toEqual([]);

    online = true;
    window.dispatchEvent(new Event('online'));
    await drained();
    // Three entities go side by side, in any order.
    expect([...sent].sort()).toEqual(['offline-1', 'offline-2', 'offline-3']);
    expect(announced).toEqual([3]);

    // An edit made while online is sent at once: its dialog reports it, the shell does not.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await add('online-edit');
    requestReplay();
    await drained();
    expect(sent).toContain('online-edit');
    expect(announced).toEqual([3]);

    // One that could not reach the server waited too, and is counted when it finally goes.
    failNext = new TypeError('Failed to fetch');
    await add('retried');
    requestReplay();
    await settle();
    requestReplay({ ignoreBackoff: true });
    await drained();
    expect(announced).toEqual([3, 1]);
  });

  it('sends again when the tab is focused or the service worker relays a background sync', async () => {
    const worker = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });
    start();
    await drained();
    await add('after-focus');
    window.dispatchEvent(new Event('focus'));
    await drained();
    await add('after-sync');
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'REPLAY_OUTBOX' } }));
    await drained();
    expect(sent).toEqual(['after-focus', 'after-sync']);
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('says when the session ended and sends nothing of another user', async () => {
    await add('nurse-edit', 'sub-nurse');
    failNext = new ApiError(401, 'Your session has ended.', undefined);
    await add('mine');
    start();
    await settle();
    expect(syncStatus().needsSignIn).toBe(true);
    expect(refreshed).toEqual([]);
    expect(sent).toEqual([]);
    expect((await queueOf(db, 'sub-nurse')).map((i) => i.payload)).toEqual([{ label: 'nurse-edit' }]);
    expect((await queueOf(db, TECH)).map((i) => i.payload)).toEqual([{ label: 'mine' }]);
  });

  it('refreshes the lists after a refusal too: what the edit was refused against has changed', async () => {
    start();
    await drained();
    failNext = new ApiError(409, 'This tag was assigned to Sam Reed meanwhile.', undefined);
    await add('conflict');
    await sendQueuedNow();
    expect((await queueOf(db, TECH))[0]).toMatchObject({ status: 'failed', lastError: 'This tag was assigned to Sam Reed meanwhile.' });
    expect(refreshed).toEqual([['tags', 'conflict']]);
  });

  it('sendQueuedNow resolves once what was queued has been sent, and at once when offline', async () => {
    start();
    await drained();
    await add('x');
    await add('y');
    await sendQueuedNow();
    expect(sent.sort()).toEqual(['x', 'y']);
    online = false;
    await add('z');
    await sendQueuedNow();
    expect((await queueOf(db, TECH)).map((i) => i.payload)).toEqual([{ label: 'z' }]);
  });

  it('stops on sign-out: nothing is sent after', async () => {
    start();
    stop?.();
    stop = null;
    await add('late');
    requestReplay();
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(sent).toEqual([]);
  });
});
