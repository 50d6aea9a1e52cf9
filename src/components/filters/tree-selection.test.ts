import { describe, expect, it } from 'vitest';
import { buildVisibleTree, filterTree, type TreeNode } from './tree';
import { checkStates, idsOf, selectionOf, toggled, withAll } from './tree-selection';

// Health System (no access) ─┬─ North Hospital ─┬─ ICU
//                            │                  └─ Cardiology ── Cath Lab
//                            └─ East Hospital
const nodes: TreeNode[] = [
  { id: 1, name: 'Health System', parentId: null, accessible: false },
  { id: 2, name: 'North Hospital', parentId: 1, accessible: true },
  { id: 3, name: 'East Hospital', parentId: 1, accessible: true },
  { id: 4, name: 'ICU', parentId: 2, accessible: true },
  { id: 5, name: 'Cardiology', parentId: 2, accessible: true },
  { id: 7, name: 'Cath Lab', parentId: 5, accessible: true },
];
const tree = buildVisibleTree(nodes);
const states = (ids: number[]) => Object.fromEntries(checkStates(tree, selectionOf(tree, ids)));

describe('tree selection', () => {
  it('reads each id as itself and everything under it, and a parent of ticked children as ticked', () => {
    expect([...selectionOf(tree, [2])].sort()).toEqual([2, 4, 5, 7]);
    expect([...selectionOf(tree, [4, 5])].sort()).toEqual([2, 4, 5, 7]);
    // The default every page starts from (every accessible id) is every box ticked.
    expect(states([2, 3, 4, 5, 7])).toEqual({ 1: 'checked', 2: 'checked', 3: 'checked', 4: 'checked', 5: 'checked', 7: 'checked' });
    expect(idsOf(tree, selectionOf(tree, [2, 3, 4, 5, 7]))).toEqual([3, 2]);
  });

  it('unticking a unit leaves its hospital partly ticked and the address naming what is left', () => {
    const all = selectionOf(tree, [2, 3, 4, 5, 7]);
    const withoutIcu = toggled(tree, all, 4);
    expect(Object.fromEntries(checkStates(tree, withoutIcu))).toEqual({
      1: 'indeterminate',
      2: 'indeterminate',
      3: 'checked',
      4: 'unchecked',
      5: 'checked',
      7: 'checked',
    });
    // East Hospital and Cardiology (with the Cath Lab): the figures no longer include ICU.
    expect(idsOf(tree, withoutIcu)).toEqual([3, 5]);
    // Ticking it again ticks the hospital again.
    expect(idsOf(tree, toggled(tree, withoutIcu, 4))).toEqual([3, 2]);
  });

  it('ticks a parent with all under it, and a partly ticked parent whole', () => {
    expect(idsOf(tree, toggled(tree, new Set(), 2))).toEqual([2]);
    expect(idsOf(tree, toggled(tree, selectionOf(tree, [4]), 2))).toEqual([2]);
    expect(idsOf(tree, toggled(tree, selectionOf(tree, [2]), 2))).toEqual([]);
    expect(states([7])).toMatchObject({ 1: 'indeterminate', 2: 'indeterminate', 5: 'checked', 7: 'checked', 4: 'unchecked' });
  });

  it('selects all of what a search shows: the matches with everything under them', () => {
    const shown = filterTree(tree, 'card');
    expect(idsOf(tree, withAll(tree, new Set(), shown))).toEqual([5]);
    expect(idsOf(tree, withAll(tree, selectionOf(tree, [4]), shown))).toEqual([2]);
    expect(idsOf(tree, withAll(tree, new Set(), tree))).toEqual([3, 2]);
  });
});
