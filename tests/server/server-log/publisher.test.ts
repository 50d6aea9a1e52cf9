import { describe, expect, it, vi } from 'vitest';
import type { ServerLogBatch, ServerLogEntry } from '../../../server/src/contracts/server-log';
import { createServerLogPublisher } from '../../../server/src/modules/server-log/publisher';

const entry = (n: number, body: string | null = null): ServerLogEntry => ({
  id: `e${n}`,
  at: '2026-11-26T12:00:00.000Z',
  durationMs: 1,
  env: 'test',
  ua: null,
  method: 'GET',
  path: `/api/x/${n}`,
  query: null,
  body,
  status: 200,
  error: null,
  type: null,
  headers: {},
  source: 'Browsers',
  events: [],
  groupIds: [],
  userId: null,
});

type Sent = { channel: string; name: string; data: ServerLogBatch }[];

function fakePusher({ occupied = true as boolean | null, fail = false } = {}) {
  const calls: Sent[] = [];
  return {
    calls,
    pusher: {
      triggerBatch: vi.fn(async (events: Sent) => {
        if (fail) throw new Error('connect ECONNREFUSED');
        calls.push(events);
        return new Response('{}');
      }),
      get: vi.fn(async () => (occupied === null ? Promise.reject(new Error('down')) : new Response(JSON.stringify({ occupied })))),
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the server log publisher', () => {
  it('sends waiting entries in one batch call on the server channel, event requests', async () => {
    const { pusher, calls } = fakePusher();
    const publisher = createServerLogPublisher({ pusher: pusher as never, warn: () => {}, flushMs: 10_000 });
    for (let i = 1; i <= 3; i++) publisher.add(entry(i));
    await publisher.flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toEqual([{ channel: 'private-server', name: 'requests', data: { entries: [entry(1), entry(2), entry(3)], dropped: 0 } }]);
    publisher.close();
  });

  it('keeps at most maxWaiting entries, dropping the oldest and saying how many', async () => {
    const { pusher, calls } = fakePusher();
    const publisher = createServerLogPublisher({ pusher: pusher as never, warn: () => {}, flushMs: 10_000, maxWaiting: 5 });
    for (let i = 1; i <= 12; i++) publisher.add(entry(i));
    await publisher.flush();
    const sent = calls[0]!.flatMap((event) => event.data.entries.map((e) => e.id));
    expect(sent).toEqual(['e8', 'e9', 'e10', 'e11', 'e12']);
    expect(calls[0]![0]!.data.dropped).toBe(7);
    expect(publisher.droppedTotal()).toBe(7);
    publisher.close();
  });

  it('keeps each event under Pusher’s size limit and a call to ten events', async () => {
    const { pusher, calls } = fakePusher();
    const publisher = createServerLogPublisher({ pusher: pusher as never, warn: () => {}, flushMs: 10_000, maxWaiting: 1000 });
    for (let i = 0; i < 200; i++) publisher.add(entry(i, 'b'.repeat(2000)));
    await publisher.flush();
    expect(calls[0]!.length).toBe(10);
    for (const event of calls[0]!) expect(Buffer.byteLength(JSON.stringify(event.data))).toBeLessThan(10 * 1024);
    // The rest goes in the next call.
    await publisher.flush();
    expect(calls).toHaveLength(2);
    publisher.close();
  });

  it('reports a failing channel once and goes on; nothing is thrown', async () => {
    const { pusher } = fakePusher({ fail: true });
    const warn = vi.fn();
    const publisher = createServerLogPublisher({ pusher: pusher as never, warn, flushMs: 10_000 });
    publisher.add(entry(1));
    await expect(publisher.flush()).resolves.toBeUndefined();
    publisher.add(entry(2));
    await publisher.flush();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(publisher.droppedTotal()).toBe(2);
    publisher.close();
  });

  it('is not wanted while nobody listens, and is again once a subscription is signed', async () => {
    const { pusher } = fakePusher({ occupied: false });
    const publisher = createServerLogPublisher({ pusher: pusher as never, warn: () => {}, occupancyMs: 60_000 });
    expect(publisher.wanted()).toBe(true); // not known yet
    await settle();
    await settle();
    expect(publisher.wanted()).toBe(false);
    expect(pusher.get).toHaveBeenCalledTimes(1);
    publisher.subscriberExpected();
    expect(publisher.wanted()).toBe(true);
    publisher.close();
  });

  it('publishes when the Pusher server cannot say who listens', async () => {
    const { pusher } = fakePusher({ occupied: null });
    const publisher = createServerLogPublisher({ pusher: pusher as never, warn: () => {} });
    publisher.wanted();
    await settle();
    expect(publisher.wanted()).toBe(true);
    publisher.close();
  });
});
