import { describe, expect, it } from 'vitest';
import { buildVisibleTree, descendantIds, filterTree, flattenTree, type TreeNode, type VisibleTreeNode } from './tree';

const nodes: TreeNode[] = [
  { id: 1, name: 'Health System', parentId: null, accessible: false },
  { id: 2, name: 'North Hospital', parentId: 1, accessible: true },
  { id: 3, name: 'East Hospital', parentId: 1, accessible: false },
  { id: 4, name: 'ICU', parentId: 2, accessible: true },
  { id: 5, name: 'Cardiology', parentId: 2, accessible: true },
  { id: 6, name: 'Ward 10', parentId: 3, accessible: false },
  { id: 7, name: 'Ward 9', parentId: 3, accessible: true },
  { id: 8, name: 'Other System', parentId: null, accessible: false },
  { id: 9, name: 'Orphan Clinic', parentId: 99, accessible: true },
];

/** The tree as names, for readable expectations. */
function shape(tree: VisibleTreeNode[]): unknown[] {
  return tree.map(({ node, children }) => (children.length ? { [node.name]: shape(children) } : node.name));
}

describe('buildVisibleTree', () => {
  it('keeps accessible nodes and the ancestors of accessible nodes, sorted by name', () => {
    expect(shape(buildVisibleTree(nodes))).toEqual([
      { 'Health System': [{ 'East Hospital': ['Ward 9'] }, { 'North Hospital': ['Cardiology', 'ICU'] }] },
      'Orphan Clinic',
    ]);
  });

  it('makes a node a root when its parent is not visible', () => {
    const withoutTop = nodes.filter((node) => node.id !== 1).map((node) => (node.id === 3 ? { ...node, accessible: true } : node));
    const tree = buildVisibleTree(withoutTop);
    expect(tree.map((branch) => branch.node.name)).toEqual(['East Hospital', 'North Hospital', 'Orphan Clinic']);
  });

  it('survives a parent cycle', () => {
    const cycle: TreeNode[] = [
      { id: 1, name: 'A', parentId: 2, accessible: true },
      { id: 2, name: 'B', parentId: 1, accessible: true },
    ];
    expect(() => buildVisibleTree(cycle)).not.toThrow();
  });
});

describe('descendantIds', () => {
  it('lists every level below a node, not the node itself', () => {
    expect(descendantIds(nodes, 1).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(descendantIds(nodes, 2).sort((a, b) => a - b)).toEqual([4, 5]);
    expect(descendantIds(nodes, 4)).toEqual([]);
  });
});

describe('filterTree', () => {
  const tree = buildVisibleTree(nodes);

  it('keeps matches with their ancestors', () => {
    expect(shape(filterTree(tree, 'icu'))).toEqual([{ 'Health System': [{ 'North Hospital': ['ICU'] }] }]);
    expect(shape(filterTree(tree, 'hospital'))).toEqual([{ 'Health System': ['East Hospital', 'North Hospital'] }]);
  });

  it('keeps everything for an empty query and nothing when nothing matches', () => {
    expect(filterTree(tree, '  ')).toBe(tree);
    expect(filterTree(tree, 'zzz')).toEqual([]);
  });
});

describe('flattenTree', () => {
  it('lists nodes in display order', () => {
    expect(flattenTree(buildVisibleTree(nodes)).map((node) => node.id)).toEqual([1, 3, 7, 2, 5, 4, 9]);
  });
});
