import { describe, expect, it } from 'vitest';
import { addressLocation } from './address-location';

const groups = [
  { id: 2, parentId: null, floorplanImage: null },
  { id: 6, parentId: null, floorplanImage: '/plans/6.png' },
  { id: 7, parentId: null, floorplanImage: '/plans/7.png' },
];

// A hospital without a plan, its tower without one, and the tower's units with theirs.
const hospital = [
  { id: 10, parentId: null, floorplanImage: null },
  { id: 11, parentId: 10, floorplanImage: null },
  { id: 14, parentId: 11, floorplanImage: null },
  { id: 12, parentId: 11, floorplanImage: '/plans/12.png' },
  { id: 13, parentId: 11, floorplanImage: '/plans/13.png' },
];

describe('the location a page shows', () => {
  it('is the address’s when the user may see it', () => {
    expect(addressLocation(7, groups, [2, 6])).toBe(7);
  });

  it('is otherwise the first managed location the user may see, with a plan when the page draws one', () => {
    expect(addressLocation(99, groups, [40, 2, 6])).toBe(2);
    expect(addressLocation(undefined, groups, [40, 2, 6], { needsFloorPlan: true })).toBe(6);
  });

  it('on a page that draws a plan, is the first location with one under a managed location, in the tree\'s order', () => {
    expect(addressLocation(undefined, hospital, [10], { needsFloorPlan: true })).toBe(12);
    expect(addressLocation(undefined, hospital, [10])).toBe(10);
    // A managed location the user may not see is passed over, with what is under it.
    expect(addressLocation(undefined, hospital.filter((g) => g.id !== 10), [10, 13], { needsFloorPlan: true })).toBe(13);
  });

  it('is none when nothing fits', () => {
    expect(addressLocation(undefined, groups, [40])).toBeNull();
    expect(addressLocation(undefined, groups, [2], { needsFloorPlan: true })).toBeNull();
  });
});
