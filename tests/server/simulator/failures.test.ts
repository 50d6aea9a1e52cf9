import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_MAX_BATCH, type IngestEvent } from '../../../server/src/contracts/ingest';
import type { TrustInput, TrustLevel } from '../../../server/src/contracts/reports/trust';
import type { Database } from '../../../server/src/db/client';
import { ingestEvents } from '../../../server/src/modules/ingest/ingest.service';
import { dayRange } from '../../../server/src/modules/metrics/filters';
import { inputLevels } from '../../../server/src/modules/metrics/trust';
import { trustFigures } from '../../../server/src/modules/metrics/trust.repo';
import { type Failure, parseFailures } from '../../../server/src/simulator/failures';
import { generateEvents } from '../../../server/src/simulator/generate';
import { loadWorld } from '../../../server/src/simulator/world';
import type { World } from '../../../server/src/simulator/world-index';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { DAY, HOUR, T0 } from './world';

// Silence is caught (docs/METRICS.md 'Data trust'): the simulator's injected failures (a dispenser
// dies, a gateway is down six hours, a unit's badges stay in a drawer) are flagged by the unit's
// trust within the rule's window, and the same unit's clean days raise no flag.

describe('SIMULATOR_FAILURES', () => {
  it('reads each kind with its target, start and hours, and names a faulty part', () => {
    expect(parseFailures('dispenser=d4:7c:44:1d:a0:75@2026-12-07T10:00:00Z, gateway=D4:7C:44:00:00:01@2026-12-07T06:00:00Z+6,badges=6@2026-12-07T00:00:00Z+24')).toEqual([
      { kind: 'dispenser', mac: 'D4:7C:44:1D:A0:75', from: Date.parse('2026-12-07T10:00:00Z'), to: null },
      { kind: 'gateway', mac: 'D4:7C:44:00:00:01', from: Date.parse('2026-12-07T06:00:00Z'), to: Date.parse('2026-12-07T12:00:00Z') },
      { kind: 'badges', groupId: 6, from: Date.parse('2026-12-07T00:00:00Z'), to: Date.parse('2026-12-08T00:00:00Z') },
    ]);
    expect(parseFailures(undefined)).toEqual([]);
    expect(() => parseFailures('beacon=D4:7C:44:1D:A0:75@2026-12-07T10:00:00Z')).toThrow("'beacon=D4:7C:44:1D:A0:75@2026-12-07T10:00:00Z' is not kind=target@start[+hours]");
    expect(() => parseFailures('dispenser=nope@2026-12-07T10:00:00Z')).toThrow('names no MAC');
    expect(() => parseFailures('badges=x@2026-12-07T10:00:00Z')).toThrow('names no location id');
  });
});

/** The MACs an event names. */
function macsOf(event: IngestEvent): string[] {
  const e = event as Record<string, unknown>;
  return ['wearable', 'beacon', 'dispenser', 'device'].map((k) => e[k]).filter((v): v is string => typeof v === 'string');
}

describe('injected failures in the unit’s trust', () => {
  let test: TestDatabase;
  let db: Database;
  let world: World;
  let unit: number;
  let dispenser: string;
  let gateway: string;

  /** One unit's events of [from, to): its devices' and its staff's wearables'. */
  const unitEvents = (from: number, to: number, failures: readonly Failure[] = []) => {
    const macs = new Set<string>();
    for (const d of world.devices.values()) if (d.groupId === unit) macs.add(d.mac);
    for (const u of world.workers) if (u.groupId === unit) for (const h of world.holdings.get(u.id) ?? []) macs.add(h.wearable.device.mac);
    return generateEvents(world, { from, to, failures }).filter((e) => macsOf(e.event).some((m) => macs.has(m))).map((e) => e.event);
  };
  const store = async (events: IngestEvent[]) => {
    for (let i = 0; i < events.length; i += INGEST_MAX_BATCH) await ingestEvents(db, events.slice(i, i + INGEST_MAX_BATCH));
  };
  const levels = async (day: number): Promise<Partial<Record<TrustInput, TrustLevel>>> => {
    const d = new Date(T0 + day * DAY).toISOString().slice(0, 10);
    const [f] = await trustFigures(db, [unit], dayRange(d, d), new Date(T0 + 30 * DAY));
    return Object.fromEntries(inputLevels(f!).map((i) => [i.input, i.level]));
  };

  beforeAll(async () => {
    test = await createTestDatabase();
    db = test.handle.db;
    world = await loadWorld(db);
    // A unit of kiosk-carrying staff whose dispensers and gateways the demo keeps working.
    const working = (groupId: number) =>
      [...world.devices.values()].filter((d) => d.groupId === groupId && (d.type === 'DISPENSER' || d.type === 'GATEWAY')).every((d) => world.health.get(d.id) !== 'silent');
    const candidates = [...world.units.keys()].filter(
      (id) => working(id) && [...world.devices.values()].some((d) => d.groupId === id && d.type === 'GATEWAY') && world.workers.some((u) => u.groupId === id && (world.holdings.get(u.id) ?? []).some((h) => h.wearable.kiosk !== null)),
    );
    unit = candidates[0] as number;
    expect(unit, 'a unit with kiosks and working devices').toBeDefined();
    gateway = [...world.devices.values()].find((d) => d.groupId === unit && d.type === 'GATEWAY')?.mac as string;
    // The busiest room sanitizer of the unit.
    dispenser = world.units.get(unit)?.rooms.find((r) => r.sanitizer !== null)?.sanitizer?.mac as string;
    // A clean week, then a week with the failures.
    await store(unitEvents(T0, T0 + 7 * DAY));
    await store(
      unitEvents(T0 + 7 * DAY, T0 + 12 * DAY, [
        { kind: 'dispenser', mac: dispenser, from: T0 + 8 * DAY, to: null },
        { kind: 'gateway', mac: gateway, from: T0 + 9 * DAY + 6 * HOUR, to: T0 + 9 * DAY + 12 * HOUR },
        // To the end of the week: a shift taken on day 10 is looked for in rooms for 12 hours.
        { kind: 'badges', groupId: unit, from: T0 + 10 * DAY, to: null },
      ]),
    );
  }, 300_000);
  afterAll(() => test?.close());

  it('raises no flag on the clean days', async () => {
    for (const day of [4, 5, 6, 7]) {
      const clean = await levels(day);
      expect(clean, `day ${day}`).toMatchObject({ DISPENSERS: 'HIGH', GATEWAYS: 'HIGH', BADGE_WEAR: 'HIGH' });
    }
  });

  it('flags a dead dispenser Low within the 48 hours of the heartbeat rule', async () => {
    // It died at the start of day 8: heard the day before, so day 8 still counts it heard.
    expect((await levels(8)).DISPENSERS).toBe('HIGH');
    expect((await levels(9)).DISPENSERS).toBe('LOW');
  });

  it('flags six hours of a gateway down on that day, and the badges left in a drawer on theirs', async () => {
    expect((await levels(9)).GATEWAYS).toBe('MEDIUM');
    expect((await levels(10)).GATEWAYS).toBe('HIGH');
    expect((await levels(9)).BADGE_WEAR).toBe('HIGH');
    expect((await levels(10)).BADGE_WEAR).toBe('LOW');
  });
});
