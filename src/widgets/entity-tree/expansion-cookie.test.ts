import { describe, expect, it } from 'vitest';
import { expandedCookie, readExpanded } from './expansion-cookie';

describe('the expansion cookie', () => {
  it('round-trips the open ids and ignores what is not an id', () => {
    const cookie = expandedCookie('tree', [3, 15, 2]).split(';')[0]!;
    expect([...readExpanded('tree', `other=1; ${cookie}`)]).toEqual([3, 15, 2]);
    expect([...readExpanded('tree', 'tree=1.x.-4.0.7')]).toEqual([1, 7]);
    expect(readExpanded('tree', 'treehouse=1').size).toBe(0);
  });
});
