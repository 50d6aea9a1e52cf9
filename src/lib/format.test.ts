import { describe, expect, it } from 'vitest';
import { codeOptions, codeWords, formatDateTimeIn, formatTimeIn, zoneName } from './format';

describe('formatTimeIn', () => {
  it('reads the instant on the clocks of the zone, naming it', () => {
    expect(formatTimeIn('2026-06-01T14:03:30Z', 'US/Pacific')).toBe('7:03:30 AM PDT');
    expect(formatTimeIn('2026-01-15T14:03:30Z', 'America/New_York')).toBe('9:03:30 AM EST');
  });

  it('falls back to UTC for a missing or unknown zone', () => {
    expect(formatTimeIn('2026-06-01T00:03:30Z', null)).toBe('12:03:30 AM UTC');
    expect(formatTimeIn('2026-06-01T00:03:30Z', 'Mars/Olympus')).toBe('12:03:30 AM UTC');
  });
});

describe('formatDateTimeIn', () => {
  it('gives the day and the time on the clocks of the zone, naming it', () => {
    expect(formatDateTimeIn('2026-12-01T20:14:03Z', 'UTC')).toBe('Dec 1, 2026, 8:14:03 PM UTC');
    expect(formatDateTimeIn('2026-06-01T02:03:30Z', 'US/Pacific')).toBe('May 31, 2026, 7:03:30 PM PDT');
    expect(formatDateTimeIn('2026-06-01T02:03:30Z', 'Mars/Olympus')).toBe('Jun 1, 2026, 2:03:30 AM UTC');
  });
});

describe('codeWords', () => {
  it('turns a code into words for people', () => {
    expect(codeWords('PATIENT_ROOM')).toBe('Patient room');
    expect(codeWords('DEPARTMENT')).toBe('Department');
    expect(codeOptions(['NETWORK', 'HOSPITAL'])).toEqual([
      { value: 'NETWORK', label: 'Network' },
      { value: 'HOSPITAL', label: 'Hospital' },
    ]);
  });
});

describe('zoneName', () => {
  it('names a time zone as people say it, UTC for UTC or an unknown zone', () => {
    expect(zoneName('US/Pacific')).toBe('Pacific Time');
    expect(zoneName('US/Eastern')).toBe('Eastern Time');
    expect(zoneName('UTC')).toBe('UTC');
    expect(zoneName('Not/AZone')).toBe('UTC');
  });
});
