import { createRandom } from '../db/demo/random';
import { mixSeed, uniform } from './behaviour';
import { DAY, localDay, localToUtc, MINUTE } from './time';
import type { Unit, World } from './world-index';

// When the demo's infection-prevention observers watch a unit (docs/METRICS.md '11. Observation
// audits: how far the sensors agree'), and how much being watched lifts the staff's hand hygiene
// ('12. The Hawthorne gap'). Pure: a (seed, unit, local month) decides a month's sessions, so the
// generator (which plays the lift) and the history (which records the observations) agree for any
// window. Leapfrog asks each unit to be watched on every shift and weekday (docs/METRICS.md '13.
// Leapfrog readiness'), so sessions fall on days and nights of every weekday.

/** A session an observer holds on a unit. */
export interface WatchSession {
  groupId: number;
  /** Epoch ms, whole minutes; `end` is after `start`. */
  start: number;
  end: number;
  /** Added to the unit's staff's chance of hand hygiene at an opportunity while the session lasts. */
  lift: number;
  /** Stable name, for the ids the observer's device gives: `{groupId}-{first day of the local month}-{n}`. */
  key: string;
}

/** Sessions a unit gets in a calendar month (its own clock), weighted: 2 to 4. */
const SESSIONS_PER_MONTH = [[2, 30], [3, 45], [4, 25]] as const;
/** The chance a session drawn for a Saturday or Sunday is kept there (else the day is drawn again): observers come on weekdays more. */
const WEEKEND_KEPT = 0.5;
/** The share of sessions held on the night shift (docs/METRICS.md '12. The Hawthorne gap': Night 17:00–05:00). */
const NIGHT_SHARE = 0.3;
/** The lift in the chance of hand hygiene while watched: 20 to 30 points. */
const LIFT = { min: 0.2, max: 0.3 } as const;

/** The local days (days since 1970-01-01) of the first of the month holding `day`, and of the next month's first. */
function monthOf(day: number): { first: number; next: number } {
  const date = new Date(day * DAY);
  const first = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / DAY;
  return { first, next: Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / DAY };
}

/** 0 Sunday … 6 Saturday (1970-01-01 was a Thursday). */
const weekdayOf = (day: number) => (day + 4) % 7;

/** The units observers audit: the patient care units (locations of type UNIT with patient rooms). */
export function auditedUnits(world: World): Unit[] {
  return [...world.units.values()].filter((u) => u.group.type === 'UNIT').sort((a, b) => a.group.id - b.group.id);
}

/**
 * One unit's sessions of the local calendar month starting on day `first`: the month cut into as
 * many equal parts as sessions, one session on a day of each part, on the day shift (starting
 * 07:30–15:00) or the night shift (19:00–03:00), 30 to 60 minutes long.
 */
function monthSessions(seed: number, unit: Unit, first: number, next: number): WatchSession[] {
  const random = createRandom(mixSeed(seed, unit.group.id, first, 0x0b5e));
  const count = random.weighted(SESSIONS_PER_MONTH);
  const part = (next - first) / count;
  const tz = unit.group.timeZone;
  return Array.from({ length: count }, (_, n) => {
    const dayIn = () => first + Math.floor(part * (n + random.next()));
    let day = dayIn();
    if ((weekdayOf(day) === 0 || weekdayOf(day) === 6) && !random.chance(WEEKEND_KEPT)) day = dayIn();
    const night = random.chance(NIGHT_SHARE);
    const startMinute = Math.round(night ? uniform(random, 19 * 60, 27 * 60) : uniform(random, 7.5 * 60, 15 * 60));
    const minutes = random.int(30, 60);
    const start = localToUtc(tz, day, startMinute * MINUTE);
    return { groupId: unit.group.id, start, end: start + minutes * MINUTE, lift: uniform(random, LIFT.min, LIFT.max), key: `${unit.group.id}-${first}-${n}` };
  });
}

/** A unit's sessions that start in [from, to), oldest first. */
export function unitSessions(seed: number, unit: Unit, from: number, to: number): WatchSession[] {
  const tz = unit.group.timeZone;
  const out: WatchSession[] = [];
  // A month's last session may start in the small hours of the next month.
  for (let month = monthOf(localDay(tz, from) - 1); month.first <= localDay(tz, to); month = monthOf(month.next)) {
    for (const s of monthSessions(seed, unit, month.first, month.next)) if (s.start >= from && s.start < to) out.push(s);
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * How long after the history's end the live simulator's first session may start: more than the
 * earliest a watched entry's hand hygiene comes before it (shift.ts), so nothing of a live session
 * changes what the history already sent.
 */
export const LIVE_SESSIONS_AFTER = 5 * MINUTE;

/**
 * The sessions that are held, by audited unit, overlapping [from, to): those that end by `until`
 * (the demo history's end: its writer records them) and, with `live`, those starting at least
 * LIVE_SESSIONS_AFTER after it, which the live simulator's observer records through the API
 * (live-observer.ts). A session across the history's end is held by neither. With `until` null,
 * none: nobody's behaviour changes.
 */
export function heldSessions(world: World, seed: number, from: number, to: number, until: number | null, live = false): Map<number, WatchSession[]> {
  const out = new Map<number, WatchSession[]>();
  if (until === null) return out;
  const isHeld = (s: WatchSession) => s.end <= until || (live && s.start >= until + LIVE_SESSIONS_AFTER);
  for (const unit of auditedUnits(world)) {
    // A session lasts at most an hour: one starting a day before `from` cannot reach it.
    const held = unitSessions(seed, unit, from - DAY, live ? to : Math.min(to, until)).filter((s) => s.end > from && isHeld(s));
    if (held.length > 0) out.set(unit.group.id, held);
  }
  return out;
}
