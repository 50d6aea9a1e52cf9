import { describe, expect, it } from 'vitest';
import { comparableSpans, differenceOfProportions, hawthorneFigures } from '../../../server/src/modules/audits/hawthorne';

const r4 = (n: number | null) => (n === null ? null : Math.round(n * 10_000) / 10_000);
const NEW_YORK = 'America/New_York';
const span = (start: string, end: string) => ({ start: new Date(start), end: new Date(end) });
const iso = (spans: { start: Date; end: Date }[]) => spans.map((s) => [s.start.toISOString(), s.end.toISOString()]);

describe('the difference of two proportions', () => {
  // Newcombe RG (1998), "Interval estimation for the difference between independent proportions:
  // comparison of eleven methods", Statistics in Medicine 17:873–890, Table II, method 10 (the
  // hybrid score interval without continuity correction).
  it.each([
    [56, 70, 48, 80, 0.0524, 0.3339],
    [9, 10, 3, 10, 0.1705, 0.809],
    [5, 56, 0, 29, -0.0381, 0.1926],
    [0, 10, 0, 20, -0.1611, 0.2775],
    [0, 10, 0, 10, -0.2775, 0.2775],
    [10, 10, 0, 20, 0.6791, 1],
    [10, 10, 0, 10, 0.6075, 1],
  ])('%i/%i − %i/%i: %f to %f, as Newcombe (1998) prints it', (x1, n1, x2, n2, low, high) => {
    const d = differenceOfProportions({ compliant: x1, n: n1 }, { compliant: x2, n: n2 });
    expect(d.value).toBeCloseTo(x1 / n1 - x2 / n2, 12);
    expect([r4(d.low), r4(d.high)]).toEqual([low, high]);
  });

  it('is undefined when either side counted nothing', () => {
    expect(differenceOfProportions({ compliant: 0, n: 0 }, { compliant: 3, n: 4 })).toEqual({ value: null, low: null, high: null });
  });
});

describe('the unobserved hours a unit’s sessions are compared with', () => {
  it('are the same weekdays’ same shifts of the same week, without each session and the hour around it', () => {
    // New York, standard time (UTC−5): Tuesday 10:00–11:00 (the day shift) and Thursday
    // 18:00–19:00 (the night shift that starts Thursday).
    const sessions = [span('2026-11-03T15:00:00Z', '2026-11-03T16:00:00Z'), span('2026-11-05T23:00:00Z', '2026-11-06T00:00:00Z')];
    expect(iso(comparableSpans(sessions, NEW_YORK))).toEqual([
      // Tuesday's day shift 05:00–17:00, less 09:00–12:00.
      ['2026-11-03T10:00:00.000Z', '2026-11-03T14:00:00.000Z'],
      ['2026-11-03T17:00:00.000Z', '2026-11-03T22:00:00.000Z'],
      // Thursday's night shift 17:00–05:00, less 17:00–20:00.
      ['2026-11-06T01:00:00.000Z', '2026-11-06T10:00:00.000Z'],
    ]);
  });

  it('give a night session after midnight to the night shift of the day before', () => {
    // Wednesday 02:00–03:00 belongs to Tuesday's night shift (17:00 Tuesday to 05:00 Wednesday).
    const spans = comparableSpans([span('2026-11-04T07:00:00Z', '2026-11-04T08:00:00Z')], NEW_YORK);
    expect(iso(spans)).toEqual([
      ['2026-11-03T22:00:00.000Z', '2026-11-04T06:00:00.000Z'],
      ['2026-11-04T09:00:00.000Z', '2026-11-04T10:00:00.000Z'],
    ]);
  });

  it('keep to the local clock on the day it springs forward, and to weeks from Monday to Sunday', () => {
    // Sunday 8 March 2026, daylight time from 02:00 (UTC−4): its day shift is 09:00Z–21:00Z; the
    // session 10:00–11:00 local, with its hour either side, leaves 05:00–09:00 and 12:00–17:00.
    // Sunday is the last day of the week that began on Monday 2 March, so nothing of the next week.
    const spans = comparableSpans([span('2026-03-08T14:00:00Z', '2026-03-08T15:00:00Z')], NEW_YORK);
    expect(iso(spans)).toEqual([
      ['2026-03-08T09:00:00.000Z', '2026-03-08T13:00:00.000Z'],
      ['2026-03-08T16:00:00.000Z', '2026-03-08T21:00:00.000Z'],
    ]);
  });

  it('take both shifts a session overlaps, and every week a session started in', () => {
    // Monday 16:30–17:30 (both shifts) in one week, Monday 10:00–10:30 the next.
    const spans = comparableSpans([span('2026-11-02T21:30:00Z', '2026-11-02T22:30:00Z'), span('2026-11-09T15:00:00Z', '2026-11-09T15:30:00Z')], NEW_YORK);
    expect(iso(spans)).toEqual([
      ['2026-11-02T10:00:00.000Z', '2026-11-02T20:30:00.000Z'],
      ['2026-11-02T23:30:00.000Z', '2026-11-03T10:00:00.000Z'],
      ['2026-11-09T10:00:00.000Z', '2026-11-09T14:00:00.000Z'],
      ['2026-11-09T16:30:00.000Z', '2026-11-10T10:00:00.000Z'],
    ]);
  });

  it('are none without a session', () => {
    expect(comparableSpans([], NEW_YORK)).toEqual([]);
  });
});

describe('the Hawthorne figures', () => {
  it('give the three compliances with their n, and the two gaps with their intervals, on a scenario built by hand', () => {
    // The observer saw 45 of 50 opportunities compliant; the sensors counted 40 of 50 during the
    // sessions and 120 of 200 in the unobserved hours.
    const f = hawthorneFigures({ observed: { compliant: 45, n: 50 }, sensorsDuring: { compliant: 40, n: 50 }, sensorsUnobserved: { compliant: 120, n: 200 } });
    expect([f.observed.value, f.observed.n, f.sensorsDuring.value, f.sensorsUnobserved.value, f.sensorsUnobserved.n]).toEqual([0.9, 50, 0.8, 0.6, 200]);
    expect([r4(f.watchedGap.value), r4(f.watchedGap.low), r4(f.watchedGap.high)]).toEqual([0.2, 0.0541, 0.3116]);
    expect([r4(f.observerGap.value), r4(f.observerGap.low), r4(f.observerGap.high)]).toEqual([0.1, -0.0434, 0.2421]);
  });
});
