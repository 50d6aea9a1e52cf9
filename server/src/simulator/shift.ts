import type { Random } from '../db/demo/random';
import { gaussian, type Traits, uniform, washSeconds } from './behaviour';
import type { Emitter } from './emitter';
import { HOUR, MINUTE, SECOND } from './time';
import type { Room, Unit, Wearable } from './world-index';

/** One worked shift: who, where, with which wearable, and when. */
export interface Shift {
  unit: Unit;
  traits: Traits;
  wearable: Wearable;
  /** Epoch ms, whole seconds. */
  start: number;
  end: number;
  /**
   * Observation sessions on the unit during the shift: while one lasts, the chance of hand hygiene
   * at an opportunity is raised by its lift (docs/METRICS.md '12. The Hawthorne gap').
   */
  watched?: readonly { start: number; end: number; lift: number }[];
  /** Told of each room entry and exit as a person standing by would see it (what an observer records); it draws nothing. */
  witness?: (seen: Witnessed) => void;
}

/**
 * A room entry or exit as it happened, not as the sensors counted it: whether the person cleaned
 * their hands for it where an observer sees it, from just before to just after the door (the
 * bands below), and whether with soap. A wash minutes early or late is not seen as one.
 */
export interface Witnessed {
  at: number;
  kind: 'entry' | 'exit';
  zoneId: number;
  clean: boolean;
  soap: boolean;
}

/** How far from the door's instant a hand-hygiene act is seen as done for it, seconds (the hygiene draws' near bands). */
const SEEN = { entry: { before: 50, after: 45 }, exit: { before: 40, after: 55 } } as const;

/** Rounds to a whole second. */
export const toSecond = (ms: number) => Math.round(ms / SECOND) * SECOND;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const COUNTERS_EVERY = 3 * HOUR;

/** A room in proportion to its weight, never the one just left. */
function pickRoom(unit: Unit, random: Random, previous: Room | null): Room {
  const total = unit.roomCdf[unit.roomCdf.length - 1] ?? 0;
  const r = random.next() * total;
  let i = 0;
  while (i < unit.roomCdf.length - 1 && (unit.roomCdf[i] ?? 0) <= r) i++;
  let room = unit.rooms[i] as Room;
  if (room === previous && unit.rooms.length > 1) room = unit.rooms[(i + 1) % unit.rooms.length] as Room;
  return room;
}

/**
 * Generates one shift's events in order: station check-out, then room visits (presence enter and
 * leave, bed proximity inside), hand hygiene before and after them (dispenses credited to the
 * wearable, sometimes washes the wristband detected), reminders, wristband counters, and the
 * check-in at the end. Every draw comes from `random`, so a shift is the same whatever window it
 * is generated for.
 */
export function simulateShift(e: Emitter, random: Random, shift: Shift): void {
  const { unit, traits, wearable, start, end, watched = [], witness } = shift;
  const mac = wearable.device.mac;
  const band = wearable.kind === 'WRISTBAND';
  const mood = 0.05 * gaussian(random);
  const pEntry = clamp(traits.compliance + mood - 0.05, 0.2, 0.98);
  const pExit = clamp(traits.compliance + mood + 0.05, 0.2, 0.99);
  const minVisitS = unit.group.requiredVisitDuration;
  const median = traits.profile.visitMinutes * MINUTE;
  const cycle = (60 / (traits.profile.visitsPerHour * traits.pace)) * MINUTE;
  const meanGap = Math.max(1.5 * MINUTE, cycle - median * 1.2);
  /** The lift of the session watching the unit at `at`, if any. */
  const liftAt = (at: number) => watched.find((w) => w.start <= at && at < w.end)?.lift ?? 0;

  const hygiene = (at: number, room: Room, soap: boolean) => {
    if (band && random.chance(0.15)) {
      e.wash(at, mac, soap ? 'SOAP' : 'SANITIZER', washSeconds(random, soap));
      return;
    }
    const dispenser = soap ? (room.soap ?? room.sanitizer) : (room.sanitizer ?? room.soap);
    if (dispenser) {
      const seconds = washSeconds(random, dispenser.soap);
      e.dispense(at, dispenser.mac, mac, dispenser.measuresDuration ? seconds : undefined);
    } else if (band) {
      e.wash(at, mac, soap ? 'SOAP' : 'SANITIZER', washSeconds(random, soap));
    }
  };

  const kiosk = band ? wearable.kiosk : null;
  const slot = wearable.slot ?? 1;
  if (kiosk) e.station(toSecond(start - uniform(random, 3, 12) * MINUTE), mac, 'check-out', slot, kiosk);

  let t = toSecond(start + uniform(random, 5, 20) * MINUTE);
  let lastWash = Number.NEGATIVE_INFINITY;
  let previous: Room | null = null;
  let counted = start;
  let lastExit = start;
  while (t < end) {
    const room = pickRoom(unit, random, previous);
    const short = random.chance(0.06);
    const duration = short
      ? uniform(random, 5, Math.max(6, minVisitS - 3)) * SECOND
      : clamp(median * Math.exp(0.6 * gaussian(random)), 45 * SECOND, 40 * MINUTE);
    const entry = t;
    const exit = toSecond(entry + duration);
    if (exit > end + 10 * MINUTE) break;

    // A wash just done (at the last exit, say) is seen as done for this entry too.
    const justWashed = entry - lastWash <= SEEN.entry.before * SECOND && lastWash - entry <= SEEN.entry.after * SECOND;
    let entrySeen = { clean: justWashed, soap: false };
    if (!short && entry - lastWash > 50 * SECOND && random.chance(Math.min(0.98, pEntry + liftAt(entry)))) {
      const r = random.next();
      const offsetS =
        r < 0.72 ? -uniform(random, 4, 50) : r < 0.92 ? uniform(random, 3, 45) : r < 0.96 ? -uniform(random, 70, 240) : uniform(random, 70, 200);
      lastWash = toSecond(entry + offsetS * SECOND);
      const soap = random.chance(room.cdiff ? 0.25 : 0.06);
      hygiene(lastWash, room, soap);
      entrySeen = { clean: offsetS >= -SEEN.entry.before && offsetS <= SEEN.entry.after, soap };
    }
    witness?.({ at: entry, kind: 'entry', zoneId: room.zone.id, ...entrySeen });
    e.presence(entry, mac, room.beacon, 'enter');
    if (room.beds.length > 0 && exit - entry >= 90 * SECOND && random.chance(0.75)) {
      const bedIn = toSecond(entry + uniform(random, 8, 40) * SECOND);
      const bedOut = toSecond(exit - uniform(random, 8, 40) * SECOND);
      const [first, second] = room.beds as [string, string | undefined];
      if (second && bedOut - bedIn > 6 * MINUTE && random.chance(0.4)) {
        const middle = toSecond((bedIn + bedOut) / 2);
        e.bed(bedIn, mac, first, 'enter');
        e.bed(middle - 5 * SECOND, mac, first, 'leave');
        e.bed(middle + 5 * SECOND, mac, second, 'enter');
        e.bed(bedOut, mac, second, 'leave');
      } else if (bedOut - bedIn >= 10 * SECOND) {
        const bed = random.pick(room.beds);
        e.bed(bedIn, mac, bed, 'enter');
        e.bed(bedOut, mac, bed, 'leave');
      }
    }
    e.presence(exit, mac, room.beacon, 'leave');
    let exitSeen = { clean: false, soap: false };
    if (short ? random.chance(0.25) : random.chance(Math.min(0.99, pExit + liftAt(exit)))) {
      const r = random.next();
      const offsetS = r < 0.25 ? -uniform(random, 5, 40) : r < 0.94 ? uniform(random, 3, 55) : uniform(random, 130, 300);
      const at = toSecond(exit + offsetS * SECOND);
      const soap = random.chance(room.cdiff ? 0.75 : 0.12);
      hygiene(at, room, soap);
      lastWash = Math.max(lastWash, at);
      exitSeen = { clean: offsetS >= -SEEN.exit.before && offsetS <= SEEN.exit.after, soap };
    }
    witness?.({ at: exit, kind: 'exit', zoneId: room.zone.id, ...exitSeen });

    const gap = toSecond(Math.max(25 * SECOND, -Math.log(1 - random.next()) * meanGap));
    if (band && unit.reminderZoneIds.length > 0 && random.chance(0.05)) {
      e.reminder(toSecond(exit + gap / 2), mac, random.pick(unit.reminderZoneIds));
    }
    if (unit.stationSanitizer && gap > 3 * MINUTE && random.chance(0.06)) {
      const at = toSecond(exit + gap * 0.5);
      const seconds = washSeconds(random, false);
      e.dispense(at, unit.stationSanitizer.mac, mac, unit.stationSanitizer.measuresDuration ? seconds : undefined);
      lastWash = at;
    }
    while (band && counted + COUNTERS_EVERY <= exit) {
      counted += COUNTERS_EVERY;
      e.counters(toSecond(counted), mac, Math.round(uniform(random, 600, 1100) * 3));
    }
    previous = room;
    lastExit = exit;
    t = exit + gap;
  }

  const checkIn = toSecond(Math.max(lastExit + MINUTE, end) + uniform(random, 2, 20) * MINUTE);
  if (band) e.counters(checkIn, mac, Math.round(uniform(random, 600, 1100) * ((checkIn - counted) / HOUR)));
  if (kiosk) e.station(checkIn + SECOND, mac, 'check-in', slot, kiosk);
}
