import { describe, expect, it } from 'vitest';
import { dispenserQuery, formatHour } from './dispenser-figures';

describe('formatHour', () => {
  it('writes a local hour of day on a 12-hour clock', () => {
    expect(formatHour(0)).toBe('12 AM');
    expect(formatHour(7)).toBe('7 AM');
    expect(formatHour(12)).toBe('12 PM');
    expect(formatHour(23)).toBe('11 PM');
    expect(formatHour(null)).toBe('—');
  });
});

describe('dispenserQuery', () => {
  it('sends the locations and the range as a location view, nothing of organizations', () => {
    expect(dispenserQuery({ groupIds: [4, 9], startDate: '2026-11-01', endDate: '2026-11-07' })).toEqual({
      groupIds: [4, 9],
      startDate: '2026-11-01',
      endDate: '2026-11-07',
      view: 'loc',
    });
  });
});
