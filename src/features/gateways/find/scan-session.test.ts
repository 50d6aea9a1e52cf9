import { deviceInfoRequestEvent, deviceInfoResponseEvent, scanRequestEvent, scanResponseEvent } from '@contracts/gateways-realtime';
import { gatewayCommandChannel } from '@contracts/stations-realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelHandlers, RealtimeLink } from '@/entities/gateways/realtime-link';
import { DEVICE_INFO_GRACE_MS, ScanSession, type SessionView } from './scan-session';

const GW1 = 'AC:23:3F:00:00:01';
const GW2 = 'AC:23:3F:00:00:02';

function fakeLink() {
  const channels = new Map<string, { handlers: ChannelHandlers; sent: { event: string; data: unknown }[]; subscribed: boolean; left: boolean }>();
  const link: RealtimeLink = {
    subscribe(name, handlers) {
      const channel = { handlers, sent: [] as { event: string; data: unknown }[], subscribed: false, left: false };
      channels.set(name, channel);
      return {
        trigger: (event, data) => channel.subscribed && (channel.sent.push({ event, data }), true),
        unsubscribe: () => void (channel.left = true),
      };
    },
    isConnected: () => true,
    onConnectionChange: () => () => undefined,
  };
  const of = (mac: string) => channels.get(gatewayCommandChannel(mac))!;
  const ready = (mac: string) => {
    of(mac).subscribed = true;
    of(mac).handlers.onReady();
  };
  const answer = (mac: string, event: string, data: unknown) => of(mac).handlers.onEvent(event, data);
  return { link, of, ready, answer };
}

describe('the scan session', () => {
  let ids = 0;
  let views: SessionView[];
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
    ids = 0;
    views = [];
  });
  afterEach(() => vi.useRealTimers());

  const start = (known: Set<string> = new Set()) => {
    const net = fakeLink();
    const session = new ScanSession({ link: net.link, onChange: (v) => views.push(v), isKnown: (mac) => known.has(mac), newId: () => `r${++ids}` });
    return { net, session };
  };

  it('sends the scan once each channel is joined, marks a silent gateway 404 after 5 s and ends after the duration', () => {
    const { net, session } = start();
    session.scan([GW1, GW2], ['BEACON', 'DISPENSER'], 15);
    expect(session.view.running).toEqual({ startedAt: 0, durationMs: 15_000 });
    expect(session.view.scan.scans.map((s) => s.code)).toEqual([418, 418]);
    expect(net.of(GW1).sent).toEqual([]);
    net.ready(GW1);
    net.ready(GW2);
    expect(net.of(GW1).sent).toEqual([{ event: scanRequestEvent, data: { id: 'r1', deviceTypes: ['BEACON', 'DISPENSER'], timeout: 15 } }]);
    net.answer(GW1, scanResponseEvent, { type: 'DATA', id: 'r1', mac: GW1, devices: [{ mac: 'c0:00:00:00:00:01', type: 'BEACON', rssi: -60 }] });
    vi.advanceTimersByTime(5_000);
    expect(session.view.scan.scans.map((s) => [s.mac, s.code])).toEqual([
      [GW1, 200],
      [GW2, 404],
    ]);
    expect(session.view.scan.devices.map((d) => [d.mac, d.known])).toEqual([['C0:00:00:00:00:01', false]]);
    vi.advanceTimersByTime(10_000);
    expect(session.view.running).toBeNull();
  });

  it('ignores malformed answers and tells the scanning gateways to stop', () => {
    const { net, session } = start();
    session.scan([GW1], ['BEACON'], 30);
    net.ready(GW1);
    const before = session.view;
    net.answer(GW1, scanResponseEvent, { type: 'DATA', id: 'r1' });
    expect(session.view).toBe(before);
    net.answer(GW1, scanResponseEvent, { type: 'STATUS', id: 'r1', mac: GW1, code: 200 });
    session.stop();
    expect(net.of(GW1).sent.at(-1)).toEqual({ event: scanRequestEvent, data: { id: 'r1', deviceTypes: ['BEACON'], timeout: 30, stop: true } });
    expect(session.view.running).toBeNull();
  });

  it('a channel refused is no response at once, with the reason', () => {
    const { net, session } = start();
    session.scan([GW1], ['BEACON'], 30);
    net.of(GW1).handlers.onError('You may not watch this station.');
    expect(session.view.scan.scans[0]).toMatchObject({ code: 404, message: 'You may not watch this station.' });
  });

  it('reads versions per gateway and resolves once every device answered', async () => {
    const { net, session } = start();
    const read = session.readVersions(
      [
        { gatewayMac: GW1, macs: ['C0:00:00:00:00:01', 'C0:00:00:00:00:02'] },
        { gatewayMac: GW2, macs: ['C0:00:00:00:00:03'] },
      ],
      15_000,
    );
    net.ready(GW1);
    net.ready(GW2);
    expect(net.of(GW1).sent).toEqual([{ event: deviceInfoRequestEvent, data: { id: 'r1', devices: ['C0:00:00:00:00:01', 'C0:00:00:00:00:02'], readVersion: true, timeout: 15_000 } }]);
    net.answer(GW1, deviceInfoResponseEvent, { id: 'r1', mac: 'c0:00:00:00:00:01', version: '2.4.0' });
    net.answer(GW1, deviceInfoResponseEvent, { id: 'r1', mac: 'C0:00:00:00:00:02', version: null });
    net.answer(GW2, deviceInfoResponseEvent, { id: 'r2', mac: 'C0:00:00:00:00:03', version: '1.1.0' });
    await expect(read).resolves.toEqual(
      new Map([
        ['C0:00:00:00:00:01', '2.4.0'],
        ['C0:00:00:00:00:02', null],
        ['C0:00:00:00:00:03', '1.1.0'],
      ]),
    );
  });

  it('gives up on devices that do not answer once the timeout and a grace have passed', async () => {
    const { net, session } = start();
    const read = session.readVersions([{ gatewayMac: GW1, macs: ['C0:00:00:00:00:01', 'C0:00:00:00:00:02'] }], 15_000);
    net.ready(GW1);
    net.answer(GW1, deviceInfoResponseEvent, { id: 'r1', mac: 'C0:00:00:00:00:01', version: '2.4.0' });
    vi.advanceTimersByTime(15_000 + DEVICE_INFO_GRACE_MS);
    await expect(read).resolves.toEqual(
      new Map([
        ['C0:00:00:00:00:01', '2.4.0'],
        ['C0:00:00:00:00:02', null],
      ]),
    );
    session.dispose();
    expect(net.of(GW1).left).toBe(true);
  });
});
