import { configRequestEvent, configResponseEvent, type ConfigRequest } from '@contracts/gateways-realtime';
import { gatewayCommandChannel } from '@contracts/stations-realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelHandlers, RealtimeLink } from '@/entities/gateways/realtime-link';
import { SETUP_MESSAGES, type SetupState } from './setup-cards';
import { SetupRun } from './setup-run';

/** A link whose channels the test drives: it plays the gateways. */
function testLink() {
  const channels = new Map<string, ChannelHandlers>();
  const sent: { channel: string; event: string; data: ConfigRequest }[] = [];
  let connected = true;
  const link: RealtimeLink = {
    subscribe(channel, handlers) {
      channels.set(channel, handlers);
      queueMicrotask(() => handlers.onReady());
      return {
        trigger: (event, data) => connected && (sent.push({ channel, event, data: data as ConfigRequest }), true),
        unsubscribe: () => channels.delete(channel),
      };
    },
    isConnected: () => connected,
    onConnectionChange: () => () => {},
  };
  return {
    link,
    channels,
    sent,
    answer: (mac: string, code: number, message?: string) => {
      const request = sent.find((s) => s.channel === gatewayCommandChannel(mac));
      channels.get(gatewayCommandChannel(mac))?.onEvent(configResponseEvent, { id: request?.data.id, mac, code, message });
    },
    setConnected: (c: boolean) => {
      connected = c;
    },
  };
}

const A = 'AC:23:3F:C9:00:01';
const B = 'AC:23:3F:C9:00:02';
const C = 'AC:23:3F:C9:00:03';
const QUEUE = [
  { id: 1, mac: A, name: '', modelName: 'Minew', createdAt: '2026-01-01T00:00:00Z' },
  { id: 2, mac: B, name: '' },
  { id: 3, mac: C, name: '' },
];
const FORM = { ssid: 'Ward-WiFi', password: '', timeZone: 'US/Eastern', groupId: 4 } as const;

function started(configure: (body: { id: number; groupId: number; name: string }) => Promise<unknown> = () => Promise.resolve({})) {
  const t = testLink();
  const states: SetupState[] = [];
  const ends: { submitted: number; succeeded: number }[] = [];
  const configured: unknown[] = [];
  let n = 0;
  const run = new SetupRun({
    connect: () => t.link,
    configure: (body) => (configured.push(body), configure(body)),
    onChange: (s) => states.push(s),
    onEnd: (r) => ends.push(r),
    newId: () => `r${++n}`,
  });
  run.setQueue(QUEUE);
  return { t, run, ends, configured, statuses: () => run.current.cards.map((c) => c.status) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('a gateway setup run', () => {
  it('names and places each staged gateway, then sends its configuration on its command channel', async () => {
    const { t, run, ends, configured, statuses } = started();
    expect(run.submit(FORM)).toBe(false);
    run.name(1, ' ICU North ');
    run.name(2, 'Lobby');
    expect(run.submit({ ...FORM, ssid: '' })).toBe(false);
    expect(run.submit(FORM)).toBe(true);
    expect(statuses()).toEqual([202, 202, 'IDLE']);
    await vi.advanceTimersByTimeAsync(0);
    expect(configured).toEqual([
      { id: 1, groupId: 4, name: 'ICU North' },
      { id: 2, groupId: 4, name: 'Lobby' },
    ]);
    expect(t.sent).toEqual([
      { channel: gatewayCommandChannel(A), event: configRequestEvent, data: { id: 'r1', wifi: { ssid: 'Ward-WiFi' }, timezone: 'EST5EDT,M3.2.0,M11.1.0' } },
      { channel: gatewayCommandChannel(B), event: configRequestEvent, data: { id: 'r2', wifi: { ssid: 'Ward-WiFi' }, timezone: 'EST5EDT,M3.2.0,M11.1.0' } },
    ]);

    t.answer(A, 202, 'Joining network');
    t.answer(A, 200);
    expect(ends).toEqual([]);
    t.answer(B, 500);
    expect(statuses()).toEqual([200, 500, 'IDLE']);
    expect(run.current.cards[1]?.message).toBe(SETUP_MESSAGES.failed);
    expect(ends).toEqual([{ submitted: 2, succeeded: 1 }]);
    // The channels are left once the run is over.
    expect(t.channels.size).toBe(0);
  });

  it('fails what has not answered when the countdown runs out, once', async () => {
    const { t, run, ends, statuses } = started();
    run.name(1, 'A');
    run.name(3, 'C');
    run.submit(FORM);
    await vi.advanceTimersByTimeAsync(0);
    t.answer(C, 200);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(statuses()).toEqual([202, 'IDLE', 200]);
    await vi.advanceTimersByTimeAsync(1);
    expect(statuses()).toEqual([500, 'IDLE', 200]);
    expect(ends).toEqual([{ submitted: 2, succeeded: 1 }]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(ends).toHaveLength(1);
  });

  it('fails a card whose name and location could not be set, and sends it nothing', async () => {
    const { t, run, ends } = started((body) => (body.id === 2 ? Promise.reject(new Error('Another gateway has this name')) : Promise.resolve({})));
    run.name(1, 'A');
    run.name(2, 'Taken');
    run.submit(FORM);
    await vi.advanceTimersByTimeAsync(0);
    expect(run.current.cards[1]).toMatchObject({ status: 500, message: `${SETUP_MESSAGES.configFailed}: Another gateway has this name` });
    expect(t.sent.map((s) => s.channel)).toEqual([gatewayCommandChannel(A)]);
    t.answer(A, 200);
    expect(ends).toEqual([{ submitted: 2, succeeded: 1 }]);
  });

  it('sends the configuration once the connection lets it', async () => {
    const { t, run } = started();
    t.setConnected(false);
    run.name(1, 'A');
    run.submit(FORM);
    await vi.advanceTimersByTimeAsync(0);
    expect(t.sent).toEqual([]);
    t.setConnected(true);
    t.channels.get(gatewayCommandChannel(A))?.onReady();
    expect(t.sent).toHaveLength(1);
  });

  it('keeps cards sent for setup when the queue is read again, and clears them when the drawer reopens', async () => {
    const { t, run } = started();
    run.name(1, 'A');
    run.name(2, 'B');
    run.submit(FORM);
    await vi.advanceTimersByTimeAsync(0);
    run.setQueue(QUEUE.slice(2));
    expect(run.current.cards.map((c) => c.id)).toEqual([1, 2, 3]);
    t.answer(A, 200);
    t.answer(B, 200);
    run.reopen(QUEUE.slice(2));
    expect(run.current).toMatchObject({ deadline: null, result: null });
    expect(run.current.cards.map((c) => [c.id, c.status])).toEqual([[3, 'IDLE']]);
  });
});
