import { describe, expect, it } from 'vitest';
import {
  addDays,
  earliestSelectableDay,
  formatDay,
  formatDayRange,
  isRangeComplete,
  rangeShortcuts,
  startOfMonth,
  todayUtc,
} from './date-range';

describe('todayUtc', () => {
  it('takes the UTC calendar day, whatever the local time zone', () => {
    expect(todayUtc(new Date('2025-05-07T23:30:00-05:00'))).toBe('2025-05-08');
    expect(todayUtc(new Date('2025-05-07T00:10:00Z'))).toBe('2025-05-07');
  });
});

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2025-05-01', -1)).toBe('2025-04-30');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-30', 0)).toBe('2025-03-30');
  });
});

describe('rangeShortcuts', () => {
  it('ends every range at or before today', () => {
    expect(rangeShortcuts('2025-05-07')).toEqual([
      { label: 'Today', start: '2025-05-07', end: '2025-05-07' },
      { label: 'Yesterday', start: '2025-05-06', end: '2025-05-06' },
      { label: 'Last Week', start: '2025-05-01', end: '2025-05-07' },
      { label: 'Last Month', start: '2025-04-08', end: '2025-05-07' },
    ]);
  });
});

describe('earliestSelectableDay', () => {
  it('goes back one year and two weeks', () => {
    expect(earliestSelectableDay('2025-05-07')).toBe('2024-04-23');
    expect(earliestSelectableDay('2025-01-10')).toBe('2023-12-27');
  });

  it('takes 28 February for a leap day', () => {
    expect(earliestSelectableDay('2024-02-29')).toBe('2023-02-14');
  });
});

describe('isRangeComplete', () => {
  it('needs both ends, in order', () => {
    expect(isRangeComplete(null, null)).toBe(false);
    expect(isRangeComplete('2025-05-01', null)).toBe(false);
    expect(isRangeComplete(null, '2025-05-01')).toBe(false);
    expect(isRangeComplete('2025-05-01', '2025-05-01')).toBe(true);
    expect(isRangeComplete('2025-05-01', '2025-05-07')).toBe(true);
    expect(isRangeComplete('2025-05-07', '2025-05-01')).toBe(false);
  });
});

describe('formatting', () => {
  it('shows one date for one day and a compact range otherwise', () => {
    expect(formatDay('2025-05-01')).toBe('May 1, 2025');
    expect(formatDayRange('2025-05-01', '2025-05-01')).toBe('May 1, 2025');
    expect(formatDayRange('2025-05-01', '2025-05-07')).toBe('May 1 – May 7, 2025');
    expect(formatDayRange('2024-12-25', '2025-01-07')).toBe('Dec 25, 2024 – Jan 7, 2025');
  });

  it('finds the first day of a month, counting months', () => {
    expect(startOfMonth('2025-05-17')).toBe('2025-05-01');
    expect(startOfMonth('2025-01-17', -1)).toBe('2024-12-01');
  });
});
