import { beforeAll, describe, expect, it } from 'vitest';
import { ingestEventSchema } from '../../../server/src/contracts/ingest';
import { generateEvents, type SimEvent } from '../../../server/src/simulator/generate';
import { indexWorld, type World } from '../../../server/src/simulator/world-index';
import { DAY, demoWorld, HOUR, T0 } from './world';

const key = (e: SimEvent) => JSON.stringify([e.at, e.gateway, e.event]);

describe('generateEvents', () => {
  let world: World;
  beforeAll(async () => {
    world = await demoWorld();
  });

  it('gives the same events for the same seed and window, and other events for another seed', () => {
    const window = { from: T0, to: T0 + 2 * DAY, seed: 7 };
    const a = generateEvents(world, window);
    const b = generateEvents(indexWorld(JSON.parse(JSON.stringify(world.data))), window);
    expect(a.length).toBeGreaterThan(10_000);
    expect(b.map(key)).toEqual(a.map(key));
    const other = generateEvents(world, { ...window, seed: 8 });
    expect(other.map(key)).not.toEqual(a.map(key));
  });

  it('splits into consecutive windows without losing, adding or changing an event', () => {
    const whole = generateEvents(world, { from: T0, to: T0 + 2 * DAY });
    const cuts = [T0, T0 + 7 * HOUR + 13 * 60_000, T0 + 7 * HOUR + 13 * 60_000 + 4_321, T0 + 27 * HOUR, T0 + 40 * HOUR + 1, T0 + 2 * DAY];
    const pieces = cuts.slice(1).flatMap((to, i) => generateEvents(world, { from: cuts[i] as number, to }));
    expect(pieces.map(key)).toEqual(whole.map(key));
  });

  it('emits only valid contract events inside the window, with unique ids and a gateway of the same site', () => {
    const from = T0 + 3 * DAY;
    const to = from + DAY;
    const events = generateEvents(world, { from, to });
    const ids = new Set<string>();
    const byMac = new Map(world.data.devices.map((d) => [d.mac, d]));
    const siteOf = (groupId: number | null | undefined): number | undefined => {
      let g = groupId == null ? undefined : world.groups.get(groupId);
      while (g && g.parentId !== null && world.groups.get(g.parentId)?.type !== 'NETWORK') g = world.groups.get(g.parentId);
      return g?.id;
    };
    const types = new Set<string>();
    for (const { at, gateway, event } of events) {
      expect(ingestEventSchema.safeParse(event).success, JSON.stringify(event)).toBe(true);
      expect(Date.parse(event.at)).toBe(at);
      expect(at >= from && at < to).toBe(true);
      expect(ids.has(event.id)).toBe(false);
      ids.add(event.id);
      types.add(event.type);
      const sender = gateway === null ? undefined : byMac.get(gateway);
      expect(sender?.type).toBe('GATEWAY');
      const named = Object.entries(event)
        .filter(([field]) => ['wearable', 'beacon', 'dispenser', 'device'].includes(field))
        .map(([, mac]) => byMac.get(mac as string));
      for (const device of named) expect(siteOf(device?.groupId)).toBe(siteOf(sender?.groupId));
    }
    expect([...types].sort()).toEqual(['bed', 'counters', 'dispense', 'heartbeat', 'presence', 'reminder', 'station', 'wash']);
  });

  it('keeps silent devices silent and lets low ones report a low battery', () => {
    const events = generateEvents(world, { from: T0, to: T0 + DAY });
    const heard = new Map<string, number | undefined>();
    for (const { event } of events) if (event.type === 'heartbeat') heard.set(event.device, event.batteryPercent);
    let silent = 0;
    let low = 0;
    for (const device of world.data.devices) {
      const health = world.health.get(device.id);
      if (health === 'silent') {
        silent++;
        expect(heard.has(device.mac)).toBe(false);
      }
      if (health === 'low' && heard.has(device.mac)) {
        low++;
        expect(heard.get(device.mac)).toBeLessThan(20);
      }
    }
    expect(silent).toBeGreaterThan(5);
    expect(low).toBeGreaterThan(5);
  });

  it('uses dispensers at every activity level, some not at all', () => {
    const events = generateEvents(world, { from: T0, to: T0 + 14 * DAY });
    const counts = new Map(world.data.devices.filter((d) => d.type === 'DISPENSER').map((d) => [d.mac, 0]));
    for (const { event } of events) if (event.type === 'dispense') counts.set(event.dispenser, (counts.get(event.dispenser) ?? 0) + 1);
    const max = Math.max(...counts.values());
    const levels = new Set(
      [...counts.values()].map((n) => {
        const ratio = n / max;
        return ratio === 0 ? 'none' : ratio < 0.333 ? 'low' : ratio < 0.667 ? 'medium' : 'high';
      }),
    );
    expect([...levels].sort()).toEqual(['high', 'low', 'medium', 'none']);
  });
});
