import { beforeAll, describe, expect, it } from 'vitest';
import { localDay, zoneOffset } from '../../../server/src/core/zoned-time';
import { generateEvents, type SimEvent } from '../../../server/src/simulator/generate';
import { auditedUnits, heldSessions, unitSessions, type WatchSession } from '../../../server/src/simulator/observation-schedule';
import type { World } from '../../../server/src/simulator/world-index';
import { DAY, demoWorld, HOUR, T0 } from './world';

// The demo's observation sessions (server/src/simulator/observation-schedule.ts): where and when
// observers watch, and the lift being watched gives (docs/METRICS.md '12. The Hawthorne gap').

const SEED = 20_261_101;
const key = (e: SimEvent) => JSON.stringify([e.at, e.gateway, e.event]);

describe('the demo observation sessions', () => {
  let world: World;
  let hospitalOf: (groupId: number) => number;
  beforeAll(async () => {
    world = await demoWorld();
    hospitalOf = (groupId) => {
      let g = world.groups.get(groupId);
      while (g && g.type !== 'HOSPITAL' && g.parentId !== null) g = world.groups.get(g.parentId);
      return g?.id ?? -1;
    };
  });

  it('watch at least two units of every hospital in any 30 days', () => {
    const hospitals = world.data.groups.filter((g) => g.type === 'HOSPITAL').map((g) => g.id);
    expect(hospitals.length).toBe(2);
    for (let end = T0; end > T0 - 120 * DAY; end -= 5 * DAY) {
      const watched = new Map<number, Set<number>>();
      for (const unit of auditedUnits(world)) {
        if (unitSessions(SEED, unit, end - 30 * DAY, end).length === 0) continue;
        const h = hospitalOf(unit.group.id);
        watched.set(h, (watched.get(h) ?? new Set()).add(unit.group.id));
      }
      for (const h of hospitals) expect(watched.get(h)?.size ?? 0, `hospital ${h}, 30 days to ${new Date(end).toISOString()}`).toBeGreaterThanOrEqual(2);
    }
  });

  it('give each patient care unit 2–4 sessions a month of 30–60 minutes, over day and night shifts and every weekday', () => {
    const units = auditedUnits(world);
    expect(units.length).toBeGreaterThan(8);
    expect(units.every((u) => u.group.type === 'UNIT')).toBe(true);
    const from = T0 - 360 * DAY;
    const all: { session: WatchSession; tz: string }[] = [];
    for (const unit of units) {
      const sessions = unitSessions(SEED, unit, from, T0);
      const perMonth = sessions.length / 12;
      expect(perMonth, unit.group.name).toBeGreaterThanOrEqual(2);
      expect(perMonth, unit.group.name).toBeLessThanOrEqual(4.5);
      sessions.forEach((s, i) => {
        expect(s.end - s.start).toBeGreaterThanOrEqual(30 * 60_000);
        expect(s.end - s.start).toBeLessThanOrEqual(60 * 60_000);
        expect(s.lift).toBeGreaterThanOrEqual(0.2);
        expect(s.lift).toBeLessThanOrEqual(0.3);
        if (i > 0) expect(s.start).toBeGreaterThanOrEqual((sessions[i - 1] as WatchSession).end);
        all.push({ session: s, tz: unit.group.timeZone });
      });
    }
    // The shifts of docs/METRICS.md '12. The Hawthorne gap': Day 05:00–17:00, Night 17:00–05:00.
    const localHour = ({ session, tz }: (typeof all)[number]) => Math.floor((((session.start + zoneOffset(tz, session.start)) % DAY) + DAY) % DAY / HOUR);
    const night = all.filter((e) => localHour(e) >= 17 || localHour(e) < 5).length / all.length;
    expect(night).toBeGreaterThan(0.15);
    expect(night).toBeLessThan(0.45);
    const weekdays = new Set(all.map(({ session, tz }) => (localDay(tz, session.start) + 4) % 7));
    expect(weekdays.size).toBe(7);
  });

  it('are the same whatever window asks for them, and only those ending by the history are held', () => {
    const [unit] = auditedUnits(world);
    if (!unit) throw new Error('no audited unit');
    const whole = unitSessions(SEED, unit, T0 - 60 * DAY, T0);
    const pieces = [0, 1, 2, 3].flatMap((i) => unitSessions(SEED, unit, T0 - 60 * DAY + i * 15 * DAY, T0 - 45 * DAY + i * 15 * DAY));
    expect(pieces).toEqual(whole);
    const held = heldSessions(world, SEED, T0 - 60 * DAY, T0, T0 - 30 * DAY);
    const heldOf = held.get(unit.group.id) ?? [];
    expect(heldOf.length).toBeGreaterThan(0);
    expect(heldOf.every((s) => s.end <= T0 - 30 * DAY)).toBe(true);
    expect(heldSessions(world, SEED, T0 - 60 * DAY, T0, null).size).toBe(0);
  });

  it('lift the watched staff’s hand hygiene, and split into windows as before', () => {
    const from = T0 - 7 * DAY;
    const watchedUntil = T0;
    const watched = generateEvents(world, { from, to: T0, watchedUntil, staffOnly: true });
    const unwatched = generateEvents(world, { from, to: T0, watchedUntil: null, staffOnly: true });
    // The live simulator's default: nothing after the history (none written here) is held.
    expect(generateEvents(world, { from, to: T0, staffOnly: true }).map(key)).toEqual(unwatched.map(key));

    const sessions = [...heldSessions(world, SEED, from, T0, watchedUntil).values()].flat();
    expect(sessions.length).toBeGreaterThan(4);
    const byMac = new Map(world.data.devices.map((d) => [d.mac, d.id]));
    const homeOf = new Map(world.data.users.map((u) => [u.id, u.groupId]));
    const washesInSessions = (events: readonly SimEvent[]) =>
      events.filter(({ at, event }) => {
        const wearable = event.type === 'wash' ? event.wearable : event.type === 'dispense' ? event.wearable : undefined;
        const holders = wearable === undefined ? undefined : world.holders.get(byMac.get(wearable) ?? -1);
        const userId = holders?.findLast((h) => h.from <= at && (h.to === null || at < h.to))?.userId;
        const home = userId === undefined ? undefined : homeOf.get(userId);
        return sessions.some((s) => s.groupId === home && s.start <= at && at < s.end);
      }).length;
    expect(washesInSessions(watched)).toBeGreaterThan(washesInSessions(unwatched));

    const cuts = [from, from + 2 * DAY + 7 * HOUR + 4_321, from + 5 * DAY + 1, T0];
    const pieces = cuts.slice(1).flatMap((to, i) => generateEvents(world, { from: cuts[i] as number, to, watchedUntil, staffOnly: true }));
    expect(pieces.map(key)).toEqual(watched.map(key));
  });
});
