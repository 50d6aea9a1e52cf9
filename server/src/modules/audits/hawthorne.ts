import { AROUND_SESSION_MINUTES } from '../../contracts/observation-audits';
import { DAY_SHIFT_HOURS } from '../../core/shifts';
import { localDay, localToUtc } from '../../core/zoned-time';
import { proportion, Z_95, type Estimate } from './validation-figures';

// How much being watched changes what the sensors count, as defined in
// docs/METRICS.md '12. The Hawthorne gap'. Pure: the caller counts the opportunities of the spans
// this module gives.

const HOUR = 3_600_000;

const DAY_LENGTH = (DAY_SHIFT_HOURS.last + 1 - DAY_SHIFT_HOURS.first) * HOUR;

/** The unit's shifts on its own clock, as the dispenser reports split the day: Day 05:00–17:00, Night 17:00–05:00. */
export const SHIFTS = [
  { name: 'Day', startsAt: DAY_SHIFT_HOURS.first * HOUR, length: DAY_LENGTH },
  { name: 'Night', startsAt: (DAY_SHIFT_HOURS.last + 1) * HOUR, length: 24 * HOUR - DAY_LENGTH },
] as const;
export type ShiftName = (typeof SHIFTS)[number]['name'];

/** How long before and after a session behaviour may still be changed by it: left out of the unobserved hours. */
export const AROUND_SESSION_MS = AROUND_SESSION_MINUTES * 60_000;

export interface Span {
  start: Date;
  end: Date;
}

/** A shift on one local day: the day it starts on, its name and its span. */
interface ShiftOnDay {
  day: number;
  shift: ShiftName;
  start: number;
  end: number;
}

/** Every shift that starts on local day `day`, as instants. */
function shiftsOf(day: number, timeZone: string): ShiftOnDay[] {
  return SHIFTS.map((s) => ({
    day,
    shift: s.name,
    start: localToUtc(timeZone, day, s.startsAt),
    end: localToUtc(timeZone, day, s.startsAt + s.length),
  }));
}

/** Local day → its Monday (1970-01-01 was a Thursday). */
const mondayOf = (day: number) => day - ((day + 3) % 7);
const weekdayOf = (day: number) => (day + 3) % 7;

/** Spans `from` minus every one of `holes`, in order. */
function subtract(from: { start: number; end: number }, holes: readonly { start: number; end: number }[]): { start: number; end: number }[] {
  let parts = [from];
  for (const hole of holes) {
    parts = parts.flatMap((p) => {
      if (hole.end <= p.start || hole.start >= p.end) return [p];
      const kept: { start: number; end: number }[] = [];
      if (hole.start > p.start) kept.push({ start: p.start, end: hole.start });
      if (hole.end < p.end) kept.push({ start: hole.end, end: p.end });
      return kept;
    });
  }
  return parts;
}

/**
 * The unobserved hours to compare a unit's observed sessions with: in the local weeks (Monday to
 * Sunday) in which a session started, every shift whose weekday and shift a session overlapped,
 * without the sessions themselves and the hour before and after each. A night shift belongs to the
 * day it starts on. Sorted; adjacent spans joined.
 */
export function comparableSpans(sessions: readonly Span[], timeZone: string, around = AROUND_SESSION_MS): Span[] {
  if (sessions.length === 0) return [];
  const weeks = new Set<number>();
  const slots = new Set<string>();
  for (const session of sessions) {
    const start = session.start.getTime();
    const end = session.end.getTime();
    weeks.add(mondayOf(localDay(timeZone, start)));
    // A session may reach into the shift that started the day before (a night) and across shifts.
    for (let day = localDay(timeZone, start) - 1; day <= localDay(timeZone, end); day += 1) {
      for (const s of shiftsOf(day, timeZone)) if (s.start < end && start < s.end) slots.add(`${weekdayOf(s.day)}|${s.shift}`);
    }
  }
  const holes = sessions.map((s) => ({ start: s.start.getTime() - around, end: s.end.getTime() + around })).sort((a, b) => a.start - b.start);
  const spans: { start: number; end: number }[] = [];
  for (const monday of [...weeks].sort((a, b) => a - b)) {
    for (let day = monday; day < monday + 7; day += 1) {
      for (const s of shiftsOf(day, timeZone)) if (slots.has(`${weekdayOf(day)}|${s.shift}`)) spans.push(...subtract(s, holes));
    }
  }
  spans.sort((a, b) => a.start - b.start);
  const joined: { start: number; end: number }[] = [];
  for (const span of spans) {
    const last = joined.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else joined.push({ ...span });
  }
  return joined.map((s) => ({ start: new Date(s.start), end: new Date(s.end) }));
}

/** Compliant opportunities of a count. */
export interface Count {
  compliant: number;
  n: number;
}

/** A difference of two proportions with its 95 % interval; null values when either is undefined. */
export interface Difference {
  value: number | null;
  low: number | null;
  high: number | null;
}

/**
 * p₁ − p₂ with Newcombe's hybrid score interval (Newcombe 1998, method 10), built from each
 * proportion's Wilson interval: sound for small counts and for 0 % or 100 %.
 */
export function differenceOfProportions(a: Count, b: Count, z = Z_95): Difference {
  const pa = proportion(a.compliant, a.n, z);
  const pb = proportion(b.compliant, b.n, z);
  if (pa.value === null || pb.value === null) return { value: null, low: null, high: null };
  const [p1, l1, u1] = [pa.value, pa.low ?? 0, pa.high ?? 1];
  const [p2, l2, u2] = [pb.value, pb.low ?? 0, pb.high ?? 1];
  const d = p1 - p2;
  return { value: d, low: d - Math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), high: d + Math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2) };
}

/**
 * The three figures of a unit's observed period, each with its interval and n, and the two gaps:
 * being watched (the sensors' compliance during the sessions less that of the unobserved hours)
 * and the observer against the sensors (observed compliance less the sensors' during the sessions).
 */
export function hawthorneFigures(counts: { observed: Count; sensorsDuring: Count; sensorsUnobserved: Count }) {
  const figure = (c: Count): Estimate => proportion(c.compliant, c.n);
  return {
    observed: figure(counts.observed),
    sensorsDuring: figure(counts.sensorsDuring),
    sensorsUnobserved: figure(counts.sensorsUnobserved),
    watchedGap: differenceOfProportions(counts.sensorsDuring, counts.sensorsUnobserved),
    observerGap: differenceOfProportions(counts.observed, counts.sensorsDuring),
  };
}

