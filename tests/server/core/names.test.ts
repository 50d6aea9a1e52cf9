import { describe, expect, it } from 'vitest';
import { shownFullName, shownName } from '../../../server/src/core/names';

describe('shown names', () => {
  const real = { demo: false, firstName: 'Ada', lastName: 'Lovelace' };
  const demo = { demo: true, firstName: 'Grace', lastName: 'Hopper' };

  it('shows a real user as they are named', () => {
    expect(shownName(real)).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(shownFullName(real)).toBe('Ada Lovelace');
  });

  it("masks a demo user as 'User'", () => {
    expect(shownName(demo)).toEqual({ firstName: 'User', lastName: '' });
    expect(shownFullName(demo)).toBe('User');
  });

  it("masks a real user the caller may not see as 'User'", () => {
    expect(shownName(real, true)).toEqual({ firstName: 'User', lastName: '' });
    expect(shownFullName(real, true)).toBe('User');
  });

  it('trims a missing last name from the one-line name', () => {
    expect(shownFullName({ demo: false, firstName: 'Cher', lastName: '' })).toBe('Cher');
  });
});
