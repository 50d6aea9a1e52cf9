import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addressChoice,
  addressDay,
  addressFlag,
  addressId,
  addressIds,
  addressText,
  addressTrimmedText,
  addressJson,
  addressValueText,
  noSearch,
} from './address-search';

const read = (block: z.ZodType, value: unknown) => block.parse(value);
const textSchema = z.object({ code: addressText, search: addressTrimmedText });

describe('id lists in the address', () => {
  it('read a number, comma-separated text, and repeated values (numbers or text)', () => {
    expect(read(addressIds, 7)).toEqual([7]);
    expect(read(addressIds, '3,5')).toEqual([3, 5]);
    expect(read(addressIds, ' 3 , 5 ')).toEqual([3, 5]);
    expect(read(addressIds, [3, 5])).toEqual([3, 5]);
    expect(read(addressIds, ['3', '5'])).toEqual([3, 5]);
    expect(read(addressIds, ['3,4', 5])).toEqual([3, 4, 5]);
  });

  it('keep each id once and leave out the parts that are no id', () => {
    expect(read(addressIds, '5,5,7')).toEqual([5, 7]);
    expect(read(addressIds, '3,abc,5')).toEqual([3, 5]);
    expect(read(addressIds, [0, -2, 1.5, 4])).toEqual([4]);
    expect(read(addressIds, '3,,5')).toEqual([3, 5]);
  });

  it('are absent when nothing in them is readable', () => {
    for (const value of [undefined, null, '', 'abc', [], ['x'], 0, true, { id: 3 }]) expect(read(addressIds, value)).toBeUndefined();
  });
});

describe('single ids in the address', () => {
  it('read a number or its digits, and the first of a list', () => {
    expect(read(addressId, 9)).toBe(9);
    expect(read(addressId, '9')).toBe(9);
    expect(read(addressId, '3,5')).toBe(3);
    expect(read(addressId, ['4', '6'])).toBe(4);
  });

  it('are absent when unreadable', () => {
    for (const value of [undefined, null, '', 'nine', -1, 2.5, false, {}]) expect(read(addressId, value)).toBeUndefined();
  });
});

describe('text in the address', () => {
  it('is kept as written, a number (the router reads digit-only text as one) as its digits', () => {
    expect(read(addressText, 'dana ')).toBe('dana ');
    expect(read(addressText, 1234)).toBe('1234');
    expect(read(addressText, ' ')).toBe(' ');
  });

  it('is trimmed where the page wants a code or a saved search', () => {
    expect(read(addressTrimmedText, ' PHYSICIAN ')).toBe('PHYSICIAN');
    expect(read(addressTrimmedText, 42)).toBe('42');
    expect(read(addressTrimmedText, '   ')).toBeUndefined();
  });

  it('is absent when empty or not text', () => {
    for (const block of [addressText, addressTrimmedText]) {
      for (const value of [undefined, null, '', true, ['a'], { a: 1 }]) expect(read(block, value)).toBeUndefined();
    }
  });
});

describe('days, flags and choices in the address', () => {
  it('read a calendar day a report may ask for (a date-time as its UTC day)', () => {
    expect(read(addressDay, '2025-05-14')).toBe('2025-05-14');
    expect(read(addressDay, '2025-05-14T23:30:00Z')).toBe('2025-05-14');
    for (const value of ['', 'yesterday', '2025-02-30', '2025-13-01', '1999-12-31', 20250514, null]) expect(read(addressDay, value)).toBeUndefined();
  });

  it('read flags as the router gives them or as text', () => {
    expect([read(addressFlag, true), read(addressFlag, false), read(addressFlag, 'true'), read(addressFlag, 'false')]).toEqual([true, false, true, false]);
    for (const value of ['', 'yes', 1, null]) expect(read(addressFlag, value)).toBeUndefined();
  });

  it('read only the listed choices', () => {
    const metric = addressChoice(['average', 'total']);
    expect(read(metric, 'total')).toBe('total');
    for (const value of ['median', '', 'TOTAL', 3, null]) expect(read(metric, value)).toBeUndefined();
  });
});

describe('a page schema built from the blocks', () => {
  const schema = z.object({ groupId: addressId, status: addressChoice(['active', 'inactive']), search: addressText });

  it('never fails: unreadable values are undefined, so the defaults apply', () => {
    expect(schema.parse({ groupId: 'x', status: 'weird', search: false })).toEqual({ groupId: undefined, status: undefined, search: undefined });
    expect(schema.parse({})).toEqual({});
  });

  it('reads its own output back unchanged', () => {
    const once = schema.parse({ groupId: '4', status: 'active', search: 1234 });
    expect(schema.parse(once)).toEqual(once);
  });

  it('of a page that keeps nothing reads nothing', () => {
    expect(noSearch.parse({ anything: 1 })).toEqual({});
  });
});

describe('writing the address', () => {
  const stringify = stringifySearchWith(addressValueText, addressJson);
  const parse = parseSearchWith(addressJson);

  it('writes id lists comma-separated and a single id plainly', () => {
    expect(stringify({ organizationIds: [5, 7], groupIds: [6] })).toBe('?organizationIds=5%2C7&groupIds=6');
  });

  it('writes text as it is, and objects and other lists as JSON', () => {
    expect(stringify({ search: '1234', split: true, view: 'org', nested: ['a'] })).toBe('?search=1234&split=true&view=org&nested=%5B%22a%22%5D');
    expect(stringify({ code: '012345', search: 'true', quoted: '"x"' })).toBe('?code=012345&search=true&quoted=%22x%22');
  });

  it('reads back what it wrote: digits as a number, which the text blocks read as the text written', () => {
    const written = { code: '123456', organizationIds: [5, 7], nested: { a: 1 } };
    const readBack = parse(stringify(written));
    expect(readBack).toEqual({ code: 123456, organizationIds: '5,7', nested: { a: 1 } });
    expect(textSchema.parse(readBack)).toEqual({ code: '123456', search: undefined });
    expect(textSchema.parse(parse('?code=012345&search=%221%22'))).toEqual({ code: '012345', search: '"1"' });
  });
});
