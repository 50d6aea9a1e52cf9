import { describe, expect, it } from 'vitest';
import { dueSlot, reportPeriodOf, reportWeekOf } from '../../../server/src/modules/email-subscriptions/due';

// 2026-11-23 is a Monday; US/Eastern is UTC-5 then, so 12:30 there is 17:30 UTC.
const at = (iso: string) => new Date(iso);

describe('dueSlot', () => {
  it('makes a weekly email due from Monday 12:30 in the subscriber’s time zone, for one day', () => {
    expect(dueSlot('WEEKLY', at('2026-11-23T17:29:00Z'), 'US/Eastern')).toBeNull();
    expect(dueSlot('WEEKLY', at('2026-11-23T17:30:00Z'), 'US/Eastern')).toBe('2026-11-23');
    expect(dueSlot('WEEKLY', at('2026-11-24T17:29:00Z'), 'US/Eastern')).toBe('2026-11-23');
    expect(dueSlot('WEEKLY', at('2026-11-24T17:30:00Z'), 'US/Eastern')).toBeNull();
    expect(dueSlot('WEEKLY', at('2026-11-26T18:00:00Z'), 'US/Eastern')).toBeNull();
  });

  it('reads 12:30 in the given zone', () => {
    // 12:30 in Honolulu (UTC-10) is 22:30 UTC.
    expect(dueSlot('WEEKLY', at('2026-11-23T20:00:00Z'), 'US/Hawaii')).toBeNull();
    expect(dueSlot('WEEKLY', at('2026-11-23T22:30:00Z'), 'US/Hawaii')).toBe('2026-11-23');
  });

  it('makes daily emails due every day and monthly ones on the 1st', () => {
    expect(dueSlot('DAILY', at('2026-11-26T18:00:00Z'), 'US/Eastern')).toBe('2026-11-26');
    expect(dueSlot('DAILY', at('2026-11-26T10:00:00Z'), 'US/Eastern')).toBe('2026-11-25');
    expect(dueSlot('MONTHLY', at('2026-12-01T18:00:00Z'), 'US/Eastern')).toBe('2026-12-01');
    expect(dueSlot('MONTHLY', at('2026-11-26T18:00:00Z'), 'US/Eastern')).toBeNull();
  });
});

describe('reportWeekOf', () => {
  it('covers the Monday-to-Sunday week before the slot', () => {
    expect(reportWeekOf('2026-11-23')).toEqual({ startDate: '2026-11-16', endDate: '2026-11-22' });
  });
});

describe('reportPeriodOf', () => {
  it('covers the period of the schedule before the slot', () => {
    expect(reportPeriodOf('WEEKLY', '2026-11-23')).toEqual({ startDate: '2026-11-16', endDate: '2026-11-22' });
    expect(reportPeriodOf('DAILY', '2026-11-25')).toEqual({ startDate: '2026-11-24', endDate: '2026-11-24' });
    expect(reportPeriodOf('MONTHLY', '2026-12-01')).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
    expect(reportPeriodOf('MONTHLY', '2027-03-01')).toEqual({ startDate: '2027-02-01', endDate: '2027-02-28' });
  });
});
