import { describe, expect, it } from 'vitest';
import { addressLocation } from './address-location';

const groups = [
  { id: 2, floorplanImage: null },
  { id: 6, floorplanImage: '/plans/6.png' },
  { id: 7, floorplanImage: '/plans/7.png' },
];

describe('the location a page shows', () => {
  it('is the address’s when the user may see it', () => {
    expect(addressLocation(7, groups, [2, 6])).toBe(7);
  });

  it('is otherwise the first managed location the user may see, with a plan when the page draws one', () => {
    expect(addressLocation(99, groups, [40, 2, 6])).toBe(2);
    expect(addressLocation(undefined, groups, [40, 2, 6], { needsFloorPlan: true })).toBe(6);
  });

  it('is none when nothing fits', () => {
    expect(addressLocation(undefined, groups, [40])).toBeNull();
    expect(addressLocation(undefined, groups, [2], { needsFloorPlan: true })).toBeNull();
  });
});
