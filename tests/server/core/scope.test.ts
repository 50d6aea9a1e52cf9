import { describe, expect, it } from 'vitest';
import { subtreesWithin, userVisible, withDescendants, type Scope } from '../../../server/src/core/scope';

// A hospital (1) with two wards (2, 3), a room under ward 2 (4), and another hospital (10).
const tree = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 3, parentId: 1 },
  { id: 4, parentId: 2 },
  { id: 10, parentId: null },
];

const scope = (organizationIds: number[], groupIds: number[]): Scope => ({
  organizationIds: new Set(organizationIds),
  groupIds: new Set(groupIds),
  managedOrganizationIds: organizationIds,
  managedGroupIds: groupIds,
});

describe('withDescendants', () => {
  it('gives the roots with every descendant, and ignores roots the tree does not hold', () => {
    expect([...withDescendants(tree, [2])].sort()).toEqual([2, 4]);
    expect([...withDescendants(tree, [1])].sort()).toEqual([1, 2, 3, 4]);
    expect([...withDescendants(tree, [99])]).toEqual([]);
  });

  it('stops on a cycle instead of running forever', () => {
    expect([...withDescendants([{ id: 1, parentId: 2 }, { id: 2, parentId: 1 }], [1])].sort()).toEqual([1, 2]);
  });
});

describe('subtreesWithin', () => {
  it('gives the asked locations and their descendants inside the allowed set', () => {
    expect(subtreesWithin(tree, new Set([1, 2, 3, 4]), [2])?.sort()).toEqual([2, 4]);
    expect(subtreesWithin(tree, new Set([2, 3, 4]), [2, 3])?.sort()).toEqual([2, 3, 4]);
  });

  it('answers null when any root lies outside, so the caller answers it as absent', () => {
    expect(subtreesWithin(tree, new Set([2, 4]), [2, 10])).toBeNull();
    expect(subtreesWithin(tree, new Set([2, 4]), [99])).toBeNull();
  });

  it('gives nothing for no roots', () => {
    expect(subtreesWithin(tree, new Set([1]), [])).toEqual([]);
  });
});

describe('userVisible', () => {
  it('shows a user whose organization or home location is in the scope, and no one else', () => {
    const nurse = scope([], [2, 4]);
    expect(userVisible(nurse, { organizationId: 5, groupId: 4 })).toBe(true);
    expect(userVisible(nurse, { organizationId: 5, groupId: 3 })).toBe(false);
    expect(userVisible(nurse, { organizationId: 5, groupId: null })).toBe(false);
    expect(userVisible(scope([5], []), { organizationId: 5, groupId: null })).toBe(true);
  });
});
