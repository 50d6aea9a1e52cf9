import { describe, expect, it } from 'vitest';
import { isCompleteMac, normalizedCaret, normalizeMac, splitNfcId } from './mac';

describe('normalizeMac', () => {
  it('strips separators, upper-cases and regroups in colon-separated pairs', () => {
    expect(normalizeMac('aa-bb-cc-dd-ee-ff')).toBe('AA:BB:CC:DD:EE:FF');
    expect(normalizeMac('aabbccddeeff')).toBe('AA:BB:CC:DD:EE:FF');
    expect(normalizeMac(' a a.b b/c c:d d e e_f f ')).toBe('AA:BB:CC:DD:EE:FF');
  });

  it('keeps a partial MAC partial, with an odd last character alone', () => {
    expect(normalizeMac('')).toBe('');
    expect(normalizeMac('a')).toBe('A');
    expect(normalizeMac('aab')).toBe('AA:B');
    expect(normalizeMac('AA:')).toBe('AA');
    expect(normalizeMac(':::')).toBe('');
  });

  it('drops anything past six pairs, so it never exceeds 17 characters', () => {
    const mac = normalizeMac('MAC: 11:22:33:44:55:66 serial 9');
    expect(mac).toBe('MA:C1:12:23:34:45');
    expect(normalizeMac('112233445566778899')).toBe('11:22:33:44:55:66');
    expect(normalizeMac('1'.repeat(100))).toHaveLength(17);
  });
});

describe('isCompleteMac', () => {
  it('accepts exactly six upper-case hex pairs joined by colons', () => {
    expect(isCompleteMac('AA:BB:CC:DD:EE:FF')).toBe(true);
    expect(isCompleteMac('01:23:45:67:89:AB')).toBe(true);
  });

  it('rejects partial, lower-case, non-hex, unseparated or padded values', () => {
    for (const text of ['', 'AA:BB:CC:DD:EE', 'AA:BB:CC:DD:EE:F', 'aa:bb:cc:dd:ee:ff', 'GG:BB:CC:DD:EE:FF', 'AABBCCDDEEFF', 'AA-BB-CC-DD-EE-FF', ' AA:BB:CC:DD:EE:FF', 'AA:BB:CC:DD:EE:FF:00']) {
      expect(isCompleteMac(text), text).toBe(false);
    }
  });
});

describe('normalizedCaret', () => {
  it('keeps the caret after the same number of letters and digits', () => {
    expect(normalizedCaret('AAB', 3)).toBe(4);
    expect(normalizedCaret('AA:XBB', 4)).toBe(4);
    expect(normalizedCaret('AA:BB', 0)).toBe(0);
    expect(normalizedCaret('AA:BB', 2)).toBe(2);
    expect(normalizedCaret('aabbccddeeff00', 14)).toBe(17);
  });
});

describe('splitNfcId', () => {
  it('splits at character 14 and upper-cases both parts', () => {
    expect(splitNfcId('04a23b4c5d6e7f8899aabb')).toEqual({ nfcId: '04A23B4C5D6E7F', nfcShortId: '8899AABB' });
  });

  it('ignores whitespace and colons', () => {
    expect(splitNfcId(' 04:a2:3b:4c:5d:6e:7f:88 ')).toEqual({ nfcId: '04A23B4C5D6E7F', nfcShortId: '88' });
  });

  it('leaves the short id empty for codes of 14 characters or fewer', () => {
    expect(splitNfcId('04a23b4c5d6e7f')).toEqual({ nfcId: '04A23B4C5D6E7F', nfcShortId: '' });
    expect(splitNfcId('04a2')).toEqual({ nfcId: '04A2', nfcShortId: '' });
    expect(splitNfcId('')).toEqual({ nfcId: '', nfcShortId: '' });
  });
});
