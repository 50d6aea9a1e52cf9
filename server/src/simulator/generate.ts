import { createRandom } from '../db/demo/random';
import { mixSeed, traitsOf, uniform } from './behaviour';
import { Emitter, type SimEvent } from './emitter';
import { type Failure, withFailures } from './failures';
import { heartbeatEvents, visitorEvents } from './fleet-events';
import { heldSessions } from './observation-schedule';
import { simulateShift, toSecond, type Witnessed } from './shift';
import { DAY, dayStamp, HOUR, localDay, localToUtc, MINUTE } from './time';
import type { World } from './world-index';

export type { SimEvent } from './emitter';

/** The seed the demo history and the live simulator use unless told otherwise. */
export const DEFAULT_SIMULATOR_SEED = 20_261_101;

/** The window to generate, and the seed. */
export interface GenerateOptions {
  /** Start of the window (inclusive). */
  from: Date | number;
  /** End of the window (exclusive). */
  to: Date | number;
  seed?: number;
  /** Leave out heartbeats and visitors' dispenses (staff events only). */
  staffOnly?: boolean;
  /**
   * Observation sessions ending by then are held, and the watched staff clean their hands more
   * often (observation-schedule.ts); default: the end of the demo history (`world.data.historyEnd`),
   * whose writer records them. Null: none.
   */
  watchedUntil?: number | null;
  /** Sessions after the history are held too (the live simulator, whose observer records them: live-observer.ts). */
  watchLive?: boolean;
  /** Told of each staff member's room entries and exits as an observer would see them (shift.ts); changes nothing generated. */
  witness?: (seen: Witnessed & { userId: number; groupId: number }) => void;
  /** Injected failures: the events they silence are left out (failures.ts). */
  failures?: readonly Failure[];
}

/**
 * Generates the contract events of [from, to), sorted by time (then id): staff shifts in their
 * home units, device heartbeats and visitors' dispenses. Deterministic: a (seed, worker, local day)
 * decides each shift, and every event id is fixed by it (`sim-{userId}-{YYYYMMDD}-{n}`), so a
 * window gives the same events whenever it is generated, and consecutive windows together give
 * exactly the events of one window spanning them.
 */
export function generateEvents(world: World, options: GenerateOptions): SimEvent[] {
  const from = +options.from;
  const to = +options.to;
  const seed = options.seed ?? DEFAULT_SIMULATOR_SEED;
  const out: SimEvent[] = [];
  if (!(to > from)) return out;
  const e = new Emitter(out, from, to, '', null);
  const historyEnd = world.data.historyEnd === null ? null : Date.parse(world.data.historyEnd);
  // A shift reaches at most a day before `from` (its local day) and 14 h after `to`.
  const sessions = heldSessions(world, seed, from - 2 * DAY, to + DAY, options.watchedUntil === undefined ? historyEnd : options.watchedUntil, options.watchLive);
  const { witness } = options;

  for (const user of world.workers) {
    const unit = user.groupId === null ? undefined : world.units.get(user.groupId);
    const holdings = world.holdings.get(user.id);
    if (!unit || !holdings) continue;
    const tz = unit.group.timeZone;
    const traits = traitsOf(seed, user, unit);
    // A shift starts on its local day and lasts at most 13 h, so these days cover the window.
    for (let day = localDay(tz, from) - 1; day <= localDay(tz, to - 1); day++) {
      const random = createRandom(mixSeed(seed, user.id, day));
      if (!random.chance(traits.workChance)) continue;
      const start = toSecond(localToUtc(tz, day, traits.startHour * HOUR) + uniform(random, -10, 10) * MINUTE);
      const end = toSecond(start + traits.lengthHours * HOUR + uniform(random, 0, 30) * MINUTE);
      // Nothing of a shift falls more than an hour outside [start, end].
      if (end + HOUR < from || start - HOUR >= to) continue;
      let holding = undefined;
      for (const h of holdings) if (h.from <= start && (h.to === null || start < h.to)) holding = h;
      if (!holding) continue;
      e.reset(`sim-${user.id}-${dayStamp(day)}`, unit.sender);
      simulateShift(e, random, {
        unit,
        traits,
        wearable: holding.wearable,
        start,
        end,
        watched: sessions.get(unit.group.id),
        ...(witness ? { witness: (seen: Witnessed) => witness({ ...seen, userId: user.id, groupId: unit.group.id }) } : {}),
      });
    }
  }
  if (!options.staffOnly) {
    heartbeatEvents(world, from, to, out);
    visitorEvents(world, seed, from, to, out);
  }
  const sorted = out.sort((a, b) => a.at - b.at || (a.event.id < b.event.id ? -1 : a.event.id > b.event.id ? 1 : 0));
  return withFailures(world, sorted, options.failures ?? []);
}
