import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gatewayCommandChannel, gatewaySessionChannel, sessionDownEvent } from '../../../../server/src/contracts/stations-realtime';
import { createRandom } from '../../../../server/src/db/demo/random';
import { GatewayActivity } from '../../../../server/src/simulator/gateways/activity';
import { systemClock } from '../../../../server/src/simulator/gateways/clock';
import { KioskGateway } from '../../../../server/src/simulator/gateways/kiosk-gateway';
import { gatewayStation, Recorder } from './helpers';

function fleet(seed: number, eventsPerSecond = 0) {
  const transport = new Recorder();
  const gateways = [
    gatewayStation(12),
    gatewayStation(20, { mac: 'B8:27:EB:4F:09:09', name: 'Kiosk 5W', sessionChannel: gatewaySessionChannel('Kiosk 5W'), commandChannel: gatewayCommandChannel('B8:27:EB:4F:09:09') }),
  ].map((station) => new KioskGateway(station, { transport }));
  const activity = new GatewayActivity(gateways, { random: createRandom(seed), clock: systemClock, eventsPerSecond });
  return { gateways, activity, transport };
}

describe('gateway activity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is the same for the same seed', () => {
    const a = fleet(11);
    const b = fleet(11);
    const c = fleet(12);
    const run = (f: ReturnType<typeof fleet>) => Array.from({ length: 50 }, () => f.activity.step());
    const first = run(a);
    expect(run(b)).toEqual(first);
    expect(run(c)).not.toEqual(first);
  });

  it('keeps each station between half and fully occupied, and runs operations to the end', () => {
    const { gateways, activity } = fleet(3);
    const lines: string[] = [];
    for (let i = 0; i < 2_000; i++) {
      lines.push(activity.step() ?? '');
      for (const g of gateways) {
        const capacity = Math.min(16, g.board.homeCount);
        expect(g.board.docked().length).toBeGreaterThanOrEqual(Math.ceil(capacity / 2));
        expect(g.board.docked().length).toBeLessThanOrEqual(capacity);
      }
    }
    for (const kind of ['docked in slot', 'taken from slot', 'started a firmware update', 'finished its firmware update']) {
      expect(lines.some((l) => l.includes(kind))).toBe(true);
    }
    const statuses = gateways.flatMap((g) => g.state().stations[0]!.slots.flatMap((s) => (s.wristband?.status.lastStatus ? [s.wristband.status.lastStatus] : [])));
    expect(statuses).toContainEqual({ type: 'DFU', status: 'done' });
  });

  it('runs at the given rate on the clock, which can be changed or stopped', () => {
    const { gateways, activity } = fleet(5, 2);
    activity.start();
    const seqs = () => gateways.reduce((sum, g) => sum + g.state().seq, 0);
    vi.advanceTimersByTime(30_000);
    const events = seqs();
    expect(events).toBeGreaterThan(30);
    expect(events).toBeLessThan(90);
    activity.setRate(0);
    expect(activity.eventsPerSecond).toBe(0);
    vi.advanceTimersByTime(30_000);
    expect(seqs()).toBe(events);
    activity.setRate(1);
    vi.advanceTimersByTime(30_000);
    expect(seqs()).toBeGreaterThan(events);
    activity.stop();
  });

  it('is heard as DATA by a joined session', () => {
    const { gateways, activity, transport } = fleet(9, 0);
    for (const g of gateways) g.receive(g.sessionChannel, sessionDownEvent(), { type: 'JOIN', sessionId: 's', id: 'j' });
    transport.clear();
    for (let i = 0; i < 10; i++) activity.step();
    expect(transport.up().filter((m) => m.type === 'DATA')).toHaveLength(gateways.reduce((sum, g) => sum + g.state().seq, 0));
  });
});
