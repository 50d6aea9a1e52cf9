import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gatewayStateSchema, sessionDownEvent, STATION_SLOTS, type KioskAssignment } from '../../../../server/src/contracts/stations-realtime';
import { GATEWAY_MAC, gatewayStation, recordedGateway, wristbandMac } from './helpers';

const down = sessionDownEvent();

describe('kiosk gateway: sessions', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2025-03-04T10:22:01Z') }));
  afterEach(() => vi.useRealTimers());

  function joined(station = gatewayStation()) {
    const t = recordedGateway(station, { initialSeq: 5 });
    t.gateway.receive(t.station.sessionChannel, down, { type: 'JOIN', sessionId: 's1', id: 'j1' });
    return t;
  }

  it('starts with the home wristbands docked in slots 1..n of one 16-slot station', () => {
    const { gateway } = recordedGateway(gatewayStation(20));
    const state = gatewayStateSchema.parse(gateway.state());
    expect(state.stations).toHaveLength(1);
    const [station] = state.stations;
    expect(station!.name).toBe('Station 3N');
    expect(station!.slots).toHaveLength(STATION_SLOTS);
    expect(station!.slots.every((s, i) => s.wristband?.mac === wristbandMac(i + 1))).toBe(true);
    expect(station!.slots[1]!.wristband).toEqual({
      mac: wristbandMac(2),
      gatewayMac: GATEWAY_MAC,
      name: 'Nurse 1',
      userId: 101,
      battery: 81,
      version: '3.1.0',
      syncEnabled: false,
      status: { working: false, lastStatus: null },
      isUpdating: false,
    });
    expect(gateway.board.undockedHome().map((w) => w.mac)).toEqual([17, 18, 19, 20].map(wristbandMac));
  });

  it('names the station after the gateway when it has no station label', () => {
    const { gateway } = recordedGateway(gatewayStation(2, { station: null }));
    expect(gateway.state().stations[0]!.name).toBe('Kiosk 3N');
  });

  it('answers JOIN with STATUS 200 and the whole state, and PING with PONG', () => {
    const { gateway, transport, station } = joined();
    gateway.receive(station.sessionChannel, down, { type: 'PING', sessionId: 's1', id: 'p1' });
    const [status, pong] = transport.up();
    expect(status).toMatchObject({ type: 'STATUS', sessionId: 's1', replyTo: 'j1', code: 200, state: { mac: GATEWAY_MAC, seq: 5 } });
    expect(pong).toEqual({ type: 'PONG', sessionId: 's1', replyTo: 'p1' });
    expect(transport.sent.every((s) => s.channel === station.sessionChannel && s.event === 'client-gws-up-kiosk')).toBe(true);
    expect(gateway.sessionCount).toBe(1);
  });

  it('sends every change as DATA with a growing seq while joined, and nothing once left', () => {
    const { gateway, transport, station } = joined();
    transport.clear();
    gateway.undock({ slot: 3 });
    gateway.dock({ slot: 16 });
    gateway.setStatus(wristbandMac(1), true, { type: 'DFU', status: 'working' });
    const data = transport.up();
    expect(data.map((m) => m.type)).toEqual(['DATA', 'DATA', 'DATA']);
    expect(data.map((m) => (m.type === 'DATA' ? m.state.seq : null))).toEqual([6, 7, 8]);
    const last = data[2]!.type === 'DATA' ? data[2]!.state.stations[0]! : null;
    expect(last!.slots[2]!.wristband).toBeNull();
    expect(last!.slots[15]!.wristband?.mac).toBe(wristbandMac(3));
    expect(last!.slots[0]!.wristband?.status).toEqual({ working: true, lastStatus: { type: 'DFU', status: 'working' } });

    gateway.receive(station.sessionChannel, down, { type: 'LEAVE', sessionId: 's1', id: 'l1' });
    transport.clear();
    gateway.undock({ slot: 1 });
    expect(transport.sent).toEqual([]);
    expect(gateway.sessionCount).toBe(0);
    expect(gateway.state().seq).toBe(9);
  });

  it('stays quiet while nobody is joined, and a JOIN gets the latest state', () => {
    const { gateway, transport, station } = recordedGateway(gatewayStation(), { initialSeq: 0 });
    gateway.undock({ slot: 1 });
    gateway.undock({ slot: 2 });
    expect(transport.sent).toEqual([]);
    gateway.receive(station.sessionChannel, down, { type: 'JOIN', sessionId: 's2', id: 'j2' });
    expect(transport.up()).toEqual([expect.objectContaining({ type: 'STATUS', code: 200, state: expect.objectContaining({ seq: 2 }) })]);
  });

  it('ignores invalid messages and messages on other channels or events', () => {
    const { gateway, transport, station } = recordedGateway();
    gateway.receive(station.sessionChannel, down, { type: 'JOIN', sessionId: 's1' });
    gateway.receive(station.sessionChannel, down, 'JOIN');
    gateway.receive(station.sessionChannel, down, { type: 'HELLO', sessionId: 's1', id: 'x' });
    gateway.receive(station.sessionChannel, 'client-gws-down-other', { type: 'JOIN', sessionId: 's1', id: 'j1' });
    gateway.receive('private-elsewhere', down, { type: 'JOIN', sessionId: 's1', id: 'j1' });
    expect(transport.sent).toEqual([]);
  });

  describe('assignments', () => {
    const assignment = (n: number, overrides: Partial<KioskAssignment> = {}): KioskAssignment => ({
      id: `a${n}`,
      type: 'ASSIGN',
      userId: 500 + n,
      name: `Assigned ${n}`,
      mac: wristbandMac(n),
      gatewayMac: GATEWAY_MAC,
      ...overrides,
    });

    it('writes what it can after the apply delay and sends one DATA; the rest is ignored', () => {
      const { gateway, transport, station } = joined(gatewayStation(14));
      gateway.undock({ wristbandMac: wristbandMac(4) });
      gateway.setStatus(wristbandMac(5), true, { type: 'DFU', status: 'working' });
      transport.clear();
      gateway.receive(station.sessionChannel, down, {
        type: 'DATA',
        sessionId: 's1',
        id: 'd1',
        assignments: [
          assignment(1),
          assignment(2, { type: 'UNASSIGN', userId: null, name: null }),
          assignment(3, { type: 'REASSIGN', userId: 42, name: 'Someone Else' }),
          assignment(4), // undocked
          assignment(5), // working
          assignment(6, { gatewayMac: 'AA:AA:AA:AA:AA:AA' }), // another station's
          assignment(99), // not a home wristband
        ],
      });
      vi.advanceTimersByTime(799);
      expect(transport.sent).toEqual([]);
      vi.advanceTimersByTime(1);
      const [data, ...more] = transport.up();
      expect(more).toEqual([]);
      if (data?.type !== 'DATA') throw new Error('expected DATA');
      const byMac = new Map(data.state.stations[0]!.slots.flatMap((s) => (s.wristband ? [[s.wristband.mac, s.wristband]] : [])));
      expect(byMac.get(wristbandMac(1))).toMatchObject({ userId: 501, name: 'Assigned 1' });
      expect(byMac.get(wristbandMac(2))).toMatchObject({ userId: null, name: null });
      expect(byMac.get(wristbandMac(3))).toMatchObject({ userId: 42, name: 'Someone Else' });
      expect(byMac.get(wristbandMac(5))).toMatchObject({ userId: null, name: null });
      expect(byMac.get(wristbandMac(6))).toMatchObject({ userId: 105, name: 'Nurse 5' });
    });

    it('late: writing takes lateMs longer, so a wristband taken out meanwhile is not written', () => {
      const { gateway, transport, station } = joined(gatewayStation(3));
      gateway.setMode('late', 3_000);
      transport.clear();
      gateway.receive(station.sessionChannel, down, { type: 'DATA', sessionId: 's1', id: 'd1', assignments: [assignment(1)] });
      vi.advanceTimersByTime(1_000);
      gateway.undock({ wristbandMac: wristbandMac(1) });
      vi.advanceTimersByTime(10_000);
      const sent = transport.up();
      expect(sent.map((m) => m.type)).toEqual(['DATA']);
      const last = sent.at(-1);
      if (last?.type !== 'DATA') throw new Error('expected DATA');
      expect(last.state.stations[0]!.slots.some((s) => s.wristband?.mac === wristbandMac(1))).toBe(false);
    });

    it('ignores sync-enabled wristbands and sends nothing when nothing could be written', () => {
      const station = gatewayStation(3);
      station.wristbands[0]!.syncEnabled = true;
      const { gateway, transport } = joined(station);
      transport.clear();
      gateway.receive(station.sessionChannel, down, { type: 'DATA', sessionId: 's1', id: 'd1', assignments: [assignment(1)] });
      vi.advanceTimersByTime(5_000);
      expect(transport.sent).toEqual([]);
    });

    it('does not write to a wristband taken out during the delay', () => {
      const { gateway, transport, station } = joined();
      gateway.receive(station.sessionChannel, down, { type: 'DATA', sessionId: 's1', id: 'd1', assignments: [assignment(1)] });
      gateway.undock({ slot: 1 });
      const seq = gateway.state().seq;
      transport.clear();
      vi.advanceTimersByTime(1_000);
      expect(transport.sent).toEqual([]);
      expect(gateway.state().seq).toBe(seq);
    });
  });
});

describe('kiosk gateway: modes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('silent: answers nothing at all, and says nothing of changes', () => {
    const { gateway, transport, station } = recordedGateway();
    gateway.receive(station.sessionChannel, down, { type: 'JOIN', sessionId: 's1', id: 'j1' });
    transport.clear();
    gateway.setMode('silent');
    gateway.receive(station.sessionChannel, down, { type: 'JOIN', sessionId: 's2', id: 'j2' });
    gateway.receive(station.sessionChannel, down, { type: 'PING', sessionId: 's1', id: 'p1' });
    gateway.receive(station.commandChannel, 'client-gwc-req-cli', { id: 'c1', command: ['date'] });
    gateway.receive(station.commandChannel, 'client-gwc-req-update', { id: 'u1' });
    gateway.undock({ slot: 1 });
    vi.advanceTimersByTime(60_000);
    expect(transport.sent).toEqual([]);

    gateway.setMode('normal');
    gateway.receive(station.sessionChannel, down, { type: 'PING', sessionId: 's1', id: 'p2' });
    expect(transport.up()).toEqual([{ type: 'PONG', sessionId: 's1', replyTo: 'p2' }]);
  });

  it('error: JOIN and PING get STATUS 500, and joined sessions hear of the switch at once', () => {
    const { gateway, transport, station } = recordedGateway();
    gateway.receive(station.sessionChannel, down, { type: 'JOIN', sessionId: 's1', id: 'j1' });
    transport.clear();
    gateway.setMode('error');
    expect(transport.up()).toEqual([{ type: 'STATUS', code: 500, message: 'Gateway error' }]);
    expect(gateway.sessionCount).toBe(0);
    transport.clear();
    gateway.receive(station.sessionChannel, down, { type: 'JOIN', sessionId: 's1', id: 'j2' });
    gateway.receive(station.sessionChannel, down, { type: 'PING', sessionId: 's1', id: 'p1' });
    expect(transport.up()).toEqual([
      { type: 'STATUS', sessionId: 's1', replyTo: 'j2', code: 500, message: 'Gateway error' },
      { type: 'STATUS', sessionId: 's1', replyTo: 'p1', code: 500, message: 'Gateway error' },
    ]);
    transport.clear();
    gateway.undock({ slot: 1 });
    expect(transport.sent).toEqual([]);
  });

  it('error: switching with nobody joined sends nothing', () => {
    const { gateway, transport } = recordedGateway();
    gateway.setMode('error');
    expect(transport.sent).toEqual([]);
  });

  it('late: every answer comes lateMs later, in order', () => {
    const { gateway, transport, station } = recordedGateway();
    gateway.setMode('late', 3_000);
    expect(gateway.lateMs).toBe(3_000);
    gateway.receive(station.sessionChannel, down, { type: 'JOIN', sessionId: 's1', id: 'j1' });
    gateway.receive(station.sessionChannel, down, { type: 'PING', sessionId: 's1', id: 'p1' });
    gateway.undock({ slot: 1 });
    vi.advanceTimersByTime(2_999);
    expect(transport.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(transport.up().map((m) => m.type)).toEqual(['STATUS', 'PONG', 'DATA']);
  });

  it('late: 12 s unless told otherwise', () => {
    const { gateway, transport, station } = recordedGateway();
    gateway.setMode('late');
    gateway.receive(station.sessionChannel, down, { type: 'JOIN', sessionId: 's1', id: 'j1' });
    vi.advanceTimersByTime(11_999);
    expect(transport.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(transport.up()).toHaveLength(1);
  });
});
