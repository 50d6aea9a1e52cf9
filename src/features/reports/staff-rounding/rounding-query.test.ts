import { describe, expect, it } from 'vitest';
import { formatVisitTime, roundingListQuery, sharedTimeZone } from './rounding-query';

describe('roundingListQuery', () => {
  it('asks for the visits at the chosen locations by the staff of the chosen organizations, with the name search', () => {
    const query = roundingListQuery({ organizationIds: [3], groupIds: [6, 7], startDate: '2026-11-20', endDate: '2026-11-26', search: 'ana' });
    expect(query).toEqual({
      organizationIds: [],
      organizationIdFilters: [3],
      groupIds: [6, 7],
      groupIdFilters: [],
      startDate: '2026-11-20',
      endDate: '2026-11-26',
      view: 'loc',
      search: 'ana',
    });
    expect(roundingListQuery({ organizationIds: [], groupIds: [6], startDate: '2026-11-20', endDate: '2026-11-26', search: '' }).search).toBeUndefined();
  });
});

describe('sharedTimeZone', () => {
  const groups = [
    { id: 6, timeZone: 'US/Pacific' },
    { id: 7, timeZone: 'US/Pacific' },
    { id: 15, timeZone: 'US/Eastern' },
  ];
  it('is the zone of the chosen locations when they share one, else none', () => {
    expect(sharedTimeZone([6, 7], groups)).toBe('US/Pacific');
    expect(sharedTimeZone([6, 15], groups)).toBeNull();
    expect(sharedTimeZone([], groups)).toBeNull();
  });
});

describe('formatVisitTime', () => {
  it('reads the entry time on the location’s clocks, with the zone; UTC when unknown', () => {
    expect(formatVisitTime('2026-03-03T10:05:00.000Z', 'US/Pacific')).toBe('Mar 3, 2:05 AM PST');
    expect(formatVisitTime('2026-03-03T10:05:00.000Z', null)).toBe('Mar 3, 10:05 AM UTC');
    expect(formatVisitTime('2026-03-03T10:05:00.000Z', 'Not/AZone')).toBe('Mar 3, 10:05 AM UTC');
  });
});
