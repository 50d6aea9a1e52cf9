import { SESSION_TIMERS, type SessionDown, sessionUpEvent } from '@contracts/stations-realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GATEWAY_MAC, gatewayState, kioskGateway, wristband } from '../test-data';
import type { Removal, PendingAssignment } from './pending-assignments';
import type { ChannelHandlers, RealtimeLink } from '@/entities/gateways/realtime-link';
import { FLUSH_MS, StationsLive } from './stations-live';

/** A link whose channels are driven by the test: it plays the gateway side. */
function testLink() {
  const channels = new Map<string, ChannelHandlers>();
  const sent: { channel: string; event: string; data: unknown }[] = [];
  let connected = true;
  const watchers = new Set<(c: boolean) => void>();
  const link: RealtimeLink = {
    subscribe(channel, handlers) {
      channels.set(channel, handlers);
      queueMicrotask(() => handlers.onReady());
      return {
        trigger: (event, data) => (sent.push({ channel, event, data }), connected),
        unsubscribe: () => channels.delete(channel),
      };
    },
    isConnected: () => connected,
    onConnectionChange: (cb) => (watchers.add(cb), () => watchers.delete(cb)),
  };
  return {
    link,
    channels,
    sent,
    emit: (channel: string, event: string, data: unknown) => channels.get(channel)?.onEvent(event, data),
    setConnected: (c: boolean) => {
      connected = c;
      for (const w of watchers) w(c);
    },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const A = 'A1:00:00:00:00:01';

async function joined() {
  const t = testLink();
  const applied: PendingAssignment[] = [];
  const removed: Removal[] = [];
  let n = 0;
  const live = new StationsLive({
    link: t.link,
    timers: { ...SESSION_TIMERS },
    sessionId: 'S1',
    newId: () => `id${++n}`,
    onApplied: (p) => applied.push(p),
    onRemoved: (r) => removed.push(r),
  });
  const gateway = kioskGateway();
  live.setGateways([gateway]);
  await vi.advanceTimersByTimeAsync(0);
  const join = t.sent.find((s) => (s.data as SessionDown).type === 'JOIN')!;
  const up = (data: unknown) => t.emit(gateway.sessionChannel, sessionUpEvent(), data);
  up({ type: 'STATUS', sessionId: 'S1', replyTo: (join.data as SessionDown).id, code: 200, state: gatewayState(1, { 1: wristband(A) }) });
  await vi.advanceTimersByTimeAsync(FLUSH_MS);
  return { t, live, gateway, up, applied, removed };
}

describe('StationsLive', () => {
  it('joins each shown gateway on its session channel and shows it Live with its state', async () => {
    const { live, t, gateway } = await joined();
    expect(t.channels.has(gateway.sessionChannel)).toBe(true);
    expect(t.channels.has(gateway.commandChannel)).toBe(true);
    const g = live.getSnapshot().gateways.get(GATEWAY_MAC)!;
    expect(g).toMatchObject({ status: 'joined', everJoined: true });
    expect(g.state?.seq).toBe(1);
    expect(live.getSnapshot().feed.map((f) => f.kind)).toEqual(['JOIN']);
  });

  it('puts docks in the feed, newest first, and renews the snapshot within FLUSH_MS', async () => {
    const { live, up } = await joined();
    const before = live.getSnapshot();
    up({ type: 'DATA', state: gatewayState(2, { 1: wristband(A), 2: wristband('A1:00:00:00:00:02') }) });
    expect(live.getSnapshot()).toBe(before);
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    expect(live.getSnapshot().feed[0]).toMatchObject({ kind: 'CHANGE', change: { change: 'DOCK', slot: 2 }, gatewayName: 'Kiosk 3N' });
  });

  it('sends an assignment to the gateway and hands it over once the wristband carries it', async () => {
    const { live, up, t, applied } = await joined();
    expect(live.assign(GATEWAY_MAC, 1, { id: 7, name: 'Dana Ortiz' })).toBeNull();
    const data = t.sent.at(-1)!.data as SessionDown;
    expect(data).toMatchObject({ type: 'DATA', assignments: [{ type: 'ASSIGN', userId: 7, mac: A, gatewayMac: GATEWAY_MAC }] });
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    expect(live.getSnapshot().pending).toHaveLength(1);
    up({ type: 'DATA', state: gatewayState(2, { 1: wristband(A, { userId: 7, name: 'Dana Ortiz' }) }) });
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    expect(applied).toMatchObject([{ userId: 7, mac: A }]);
    expect(live.getSnapshot().pending).toEqual([]);
  });

  it('removes a pending assignment with a reason when its wristband undocks', async () => {
    const { live, up, removed } = await joined();
    live.assign(GATEWAY_MAC, 1, { id: 7, name: 'Dana Ortiz' });
    up({ type: 'DATA', state: gatewayState(2, {}) });
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    expect(removed).toMatchObject([{ reason: 'undocked' }]);
    expect(live.getSnapshot().pending).toEqual([]);
  });

  it('a cancelled assignment is undone at the gateway: the holder it had is put back', async () => {
    const { live, up, t } = await joined();
    up({ type: 'DATA', state: gatewayState(2, { 1: wristband(A, { userId: 8, name: 'Lee Park' }) }) });
    live.assign(GATEWAY_MAC, 1, { id: 7, name: 'Dana Ortiz' });
    const asked = t.sent.at(-1)!.data as Extract<SessionDown, { type: 'DATA' }>;
    live.cancelPending(asked.assignments[0]!.id);
    expect(t.sent.at(-1)!.data).toMatchObject({ type: 'DATA', assignments: [{ type: 'REASSIGN', userId: 8, name: 'Lee Park', mac: A }] });
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    expect(live.getSnapshot().pending).toEqual([]);
  });

  it("moving a user's pending assignment to another wristband clears the first one at the gateway", async () => {
    const { live, up, t } = await joined();
    const B = 'A1:00:00:00:00:02';
    up({ type: 'DATA', state: gatewayState(2, { 1: wristband(A), 2: wristband(B) }) });
    live.assign(GATEWAY_MAC, 1, { id: 7, name: 'Dana Ortiz' });
    live.assign(GATEWAY_MAC, 2, { id: 7, name: 'Dana Ortiz' });
    const [moved, undone] = t.sent.slice(-2).map((s) => s.data as Extract<SessionDown, { type: 'DATA' }>);
    expect(moved!.assignments).toMatchObject([{ type: 'ASSIGN', userId: 7, mac: B }]);
    expect(undone!.assignments).toMatchObject([{ type: 'UNASSIGN', userId: null, mac: A }]);
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    expect(live.getSnapshot().pending.map((p) => p.mac)).toEqual([B]);
  });

  it('refuses assignments to empty slots, blocked wristbands and stations not joined', async () => {
    const { live, up } = await joined();
    expect(live.assign(GATEWAY_MAC, 9, { id: 7, name: 'Dana Ortiz' })).toBe('That slot is empty.');
    up({ type: 'DATA', state: gatewayState(2, { 1: wristband(A, { syncEnabled: true }) }) });
    expect(live.assign(GATEWAY_MAC, 1, { id: 7, name: 'Dana Ortiz' })).toMatch(/Sync-enabled/);
    up({ type: 'STATUS', code: 500 });
    expect(live.assign(GATEWAY_MAC, 1, { id: 7, name: 'Dana Ortiz' })).toBe('The station is not connected.');
  });

  it('leaves gateways no longer shown and on destroy', async () => {
    const { live, t, gateway } = await joined();
    live.setGateways([]);
    expect((t.sent.at(-1)!.data as SessionDown).type).toBe('LEAVE');
    expect(t.channels.has(gateway.sessionChannel)).toBe(false);
    live.setGateways([gateway]);
    await vi.advanceTimersByTimeAsync(0);
    live.destroy();
    expect((t.sent.at(-1)!.data as SessionDown).type).toBe('LEAVE');
  });

  it('joins again at once when the channel is ready again after a reconnection', async () => {
    const { t, gateway } = await joined();
    t.setConnected(false);
    t.setConnected(true);
    t.channels.get(gateway.sessionChannel)!.onReady();
    await vi.advanceTimersByTimeAsync(0);
    expect(t.sent.filter((s) => (s.data as SessionDown).type === 'JOIN')).toHaveLength(2);
  });

  it('runs commands on the command channel', async () => {
    const { live, t, gateway } = await joined();
    live.runCommand(GATEWAY_MAC, 'cli', 'Get date', { command: ['date'] });
    expect(t.sent.at(-1)).toMatchObject({ channel: gateway.commandChannel, event: 'client-gwc-req-cli', data: { command: ['date'] } });
    t.emit(gateway.commandChannel, 'client-gwc-res-cli', { id: (t.sent.at(-1)!.data as { id: string }).id, mac: GATEWAY_MAC, code: 200, data: 'today' });
    await vi.advanceTimersByTimeAsync(FLUSH_MS);
    expect(live.getSnapshot().gateways.get(GATEWAY_MAC)!.command).toMatchObject({ isLoaded: true });
  });
});
