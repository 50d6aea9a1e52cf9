import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { checkDayRange, dateTimeField, dayField, idField, idListParam, idParam, MAX_ID, textField } from '../../../server/src/contracts/fields';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];
const range = z.object({ startDate: dayField, endDate: dayField }).superRefine(checkDayRange);

describe('the request fields', () => {
  afterEach(() => vi.useRealTimers());

  it('takes ids up to the largest PostgreSQL integer, as numbers in JSON and as digits in a URL', () => {
    expect(idField.safeParse(MAX_ID).success).toBe(true);
    expect(messages(idField.safeParse(MAX_ID + 1))).toEqual(['ids are at most 2147483647']);
    expect(messages(idField.safeParse('5'))).toEqual(['ids are positive whole numbers']);
    expect(idParam.parse('2147483647')).toBe(MAX_ID);
    for (const text of ['2147483648', '99999999999999999999999']) expect(messages(idParam.safeParse(text))).toEqual(['ids are at most 2147483647']);
    for (const text of ['0', '-1', '1e3', '0x10', ' 5', '5.0', '']) expect(messages(idParam.safeParse(text))).toEqual(['ids are positive whole numbers']);
    expect(idListParam.parse('3, 5')).toEqual([3, 5]);
    expect(idListParam.safeParse(['3', '2147483648']).success).toBe(false);
  });

  it('refuses control characters and lone surrogates in text, and text past its limit', () => {
    const name = textField(10, { min: 1 });
    expect(name.parse('  Ward 7 ')).toBe('Ward 7');
    expect(messages(name.safeParse('a\u0000b'))).toEqual(['must not contain control characters']);
    expect(messages(name.safeParse('a\u009fb'))).toEqual(['must not contain control characters']);
    expect(messages(name.safeParse('a\ud800'))).toEqual(['must be valid Unicode text']);
    expect(name.safeParse('😀').success).toBe(true);
    expect(messages(name.safeParse('x'.repeat(11)))).toEqual(['must be at most 10 characters']);
    expect(messages(name.safeParse('  '))).toEqual(['must not be empty']);
  });

  it('takes days and instants from 2000-01-01 to a year ahead', () => {
    vi.useFakeTimers({ now: new Date('2025-05-07T12:00:00Z'), toFake: ['Date'] });
    expect(dayField.parse('2000-01-01')).toBe('2000-01-01');
    expect(dayField.parse('2026-05-07')).toBe('2026-05-07');
    expect(dayField.parse('2025-05-07T23:30:00-02:00')).toBe('2025-05-08');
    for (const day of ['1999-12-31', '2026-05-08', '0000-01-01', '9999-12-31']) {
      expect(messages(dayField.safeParse(day))).toEqual(['must be a day from 2000-01-01 to 2026-05-07']);
    }
    expect(messages(dayField.safeParse('2023-02-29'))).toEqual(['must be a date (YYYY-MM-DD)']);
    expect(dateTimeField.safeParse('2026-05-07T23:59:59Z').success).toBe(true);
    expect(messages(dateTimeField.safeParse('2026-05-08T00:00:00Z'))).toEqual(['must be a day from 2000-01-01 to 2026-05-07']);
    expect(messages(dateTimeField.safeParse('1999-12-31T23:59:59Z'))).toEqual(['must be a day from 2000-01-01 to 2026-05-07']);
  });

  it('caps a range at the pickers’ 1 year and 2 weeks, naming the earliest start', () => {
    expect(range.safeParse({ startDate: '2024-04-23', endDate: '2025-05-07' }).success).toBe(true);
    expect(messages(range.safeParse({ startDate: '2024-04-22', endDate: '2025-05-07' }))).toEqual([
      'The date range may span at most 1 year and 2 weeks: for endDate 2025-05-07, startDate 2024-04-23 or later',
    ]);
    expect(range.safeParse({ startDate: '2023-02-14', endDate: '2024-02-29' }).success).toBe(true);
    expect(range.safeParse({ startDate: '2023-02-13', endDate: '2024-02-29' }).success).toBe(false);
    expect(messages(range.safeParse({ startDate: '2025-05-08', endDate: '2025-05-07' }))).toEqual(['startDate must not be after endDate']);
  });
});
