import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  checkDayRange,
  dateTimeField,
  dayField,
  idField,
  idListParam,
  idParam,
  MAX_ID,
  multiLineTextField,
  printableText,
  textField,
  textProblem,
  typedMacField,
} from '../../../server/src/contracts/fields';

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
    // Spaces around an item are forgiven; a byte-order mark is no space.
    expect(messages(idListParam.safeParse('3,\uFEFF5'))).toEqual(['ids are positive whole numbers']);
  });

  it('refuses control characters and lone surrogates in text, and text past its limit', () => {
    const name = textField(10, { min: 1 });
    expect(name.parse('  Ward 7 ')).toBe('Ward 7');
    expect(messages(name.safeParse('a\u0000b'))).toEqual(['must not contain invisible or control characters (it has U+0000)']);
    expect(messages(name.safeParse('a\u009fb'))).toEqual(['must not contain invisible or control characters (it has U+009F)']);
    expect(messages(name.safeParse('a\ud800'))).toEqual(['must be valid Unicode text']);
    expect(name.safeParse('😀').success).toBe(true);
    expect(messages(name.safeParse('x'.repeat(11)))).toEqual(['must be at most 10 characters']);
    expect(messages(name.safeParse('  '))).toEqual(['must not be empty']);
  });

  it('refuses invisible characters anywhere in one-line text, naming the first one found', () => {
    const name = textField(100, { min: 1 });
    const invisible = {
      '\uFEFF': 'U+FEFF', // byte-order mark, zero-width no-break space
      '\u200B': 'U+200B', // zero-width space
      '\u200C': 'U+200C', // zero-width non-joiner
      '\u200D': 'U+200D', // zero-width joiner
      '\u200E': 'U+200E', // left-to-right mark
      '\u200F': 'U+200F', // right-to-left mark
      '\u202A': 'U+202A', // left-to-right embedding
      '\u202E': 'U+202E', // right-to-left override
      '\u2060': 'U+2060', // word joiner
      '\u2066': 'U+2066', // left-to-right isolate
      '\u2069': 'U+2069', // pop directional isolate
      '\u00AD': 'U+00AD', // soft hyphen
      '\u061C': 'U+061C', // Arabic letter mark
      '\u3164': 'U+3164', // Hangul filler
      '\u{E0041}': 'U+E0041', // tag letter A
    };
    for (const [character, code] of Object.entries(invisible)) {
      const expected = [`must not contain invisible or control characters (it has ${code})`];
      // At the start (where a byte-order mark sits), in the middle and at the end: trimming takes none of them away.
      for (const text of [`${character}alice`, `al${character}ice`, `alice${character}`]) expect(messages(name.safeParse(text)), JSON.stringify(text)).toEqual(expected);
    }
    // A line separator is white space, trimmed at either end like a line break, and refused inside.
    expect(messages(name.safeParse('al\u2028ice'))).toEqual(['must not contain invisible or control characters (it has U+2028)']);
    // Only the first is named; a control character counts as one too.
    expect(textProblem('a\u202Eb\u0007')).toBe('must not contain invisible or control characters (it has U+202E)');
    // Surrounding spaces, tabs and line breaks are still trimmed; what people write is kept.
    expect(name.parse(' \tAnne-Marie O’Brien\n')).toBe('Anne-Marie O’Brien');
    for (const text of ['José Ñúñez', 'Łukasz', 'Zoë', '山田 太郎', 'محمد', 'שרה', 'Ward 7 😀', 'a\u00A0b']) expect(name.parse(text)).toBe(text);
    expect(messages(name.safeParse(' \uFEFF '))).toEqual(['must not contain invisible or control characters (it has U+FEFF)']);
  });

  it('keeps line breaks and tabs in multi-line text, and refuses the other control and invisible characters', () => {
    const sql = multiLineTextField(20_000, { min: 1 });
    const query = 'SELECT *\n\tFROM export_views.users\r\n\tWHERE id = :id;';
    expect(sql.parse(`\n${query}\n\n`)).toBe(query);
    expect(messages(sql.safeParse('SELECT 1\u0007;'))).toEqual(['must not contain invisible or control characters other than line breaks and tabs (it has U+0007)']);
    expect(messages(sql.safeParse('SELECT \u202E1;'))).toEqual(['must not contain invisible or control characters other than line breaks and tabs (it has U+202E)']);
    expect(messages(sql.safeParse('SELECT 1;\u000B'))).toEqual([]);
    expect(messages(sql.safeParse('SELECT\u000B1;'))).toEqual(['must not contain invisible or control characters other than line breaks and tabs (it has U+000B)']);
    expect(messages(sql.safeParse('SELECT\u20281;'))).toEqual(['must not contain invisible or control characters other than line breaks and tabs (it has U+2028)']);
    // One-line text takes no line break or tab inside.
    expect(messages(textField(100).safeParse('a\nb'))).toEqual(['must not contain invisible or control characters (it has U+000A)']);
    expect(messages(textField(100).safeParse('a\tb'))).toEqual(['must not contain invisible or control characters (it has U+0009)']);
  });

  it('holds fields built on the unbounded block, and MACs typed, to the same characters', () => {
    const code = printableText().toUpperCase().regex(/^[0-9A-Z]*$/, 'letters and digits only');
    expect(code.parse(' ab12 ')).toBe('AB12');
    expect(messages(code.safeParse('\uFEFFAB12'))).toEqual(['must not contain invisible or control characters (it has U+FEFF)']);
    expect(typedMacField.parse('aa-bb-cc-dd-ee-ff')).toBe('AA:BB:CC:DD:EE:FF');
    expect(typedMacField.safeParse('aa-bb-cc-dd-ee-ff\u200B').success).toBe(false);
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
