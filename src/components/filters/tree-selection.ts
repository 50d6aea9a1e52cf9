import type { TreeNode, VisibleTreeNode } from './tree';

// What a tree of checkboxes means when each chosen id stands for itself and everything under it
// (as the report calls read organization and location ids): the selection is the set of ticked
// accessible nodes, closed downwards (a ticked node's whole subtree is ticked) and upwards (a
// node whose children are all ticked is ticked). A parent with only some children ticked is
// indeterminate and not itself chosen, so the figures follow the ticked children alone. The
// address keeps the shortest list meaning the same: each ticked node whose parent is not ticked.

export type Selection = ReadonlySet<number>;
export type CheckState = 'checked' | 'indeterminate' | 'unchecked';

function walk<T extends TreeNode>(tree: readonly VisibleTreeNode<T>[], visit: (branch: VisibleTreeNode<T>) => void): void {
  for (const branch of tree) {
    walk(branch.children, visit);
    visit(branch);
  }
}

/** Adds every node whose children are all ticked (children before their parents). */
function rollUp<T extends TreeNode>(tree: readonly VisibleTreeNode<T>[], ticked: Set<number>): Set<number> {
  walk(tree, ({ node, children }) => {
    if (node.accessible && children.length > 0 && children.every((child) => ticked.has(child.node.id))) ticked.add(node.id);
  });
  return ticked;
}

/** Every accessible node of `branches` and below. */
function subtree<T extends TreeNode>(branches: readonly VisibleTreeNode<T>[], into: Set<number>): Set<number> {
  for (const { node, children } of branches) {
    if (node.accessible) into.add(node.id);
    subtree(children, into);
  }
  return into;
}

/** The selection `ids` mean: each with everything under it. */
export function selectionOf<T extends TreeNode>(tree: readonly VisibleTreeNode<T>[], ids: readonly number[]): Selection {
  const chosen = new Set(ids);
  const ticked = new Set<number>();
  const visit = (branches: readonly VisibleTreeNode<T>[], inherited: boolean) => {
    for (const branch of branches) {
      const inside = inherited || chosen.has(branch.node.id);
      if (inside) subtree([branch], ticked);
      else visit(branch.children, false);
    }
  };
  visit(tree, false);
  return rollUp(tree, ticked);
}

/** The shortest list of ids meaning `selection`, in tree order. */
export function idsOf<T extends TreeNode>(tree: readonly VisibleTreeNode<T>[], selection: Selection): number[] {
  const out: number[] = [];
  const visit = (branches: readonly VisibleTreeNode<T>[]) => {
    for (const { node, children } of branches) {
      if (selection.has(node.id)) out.push(node.id);
      else visit(children);
    }
  };
  visit(tree);
  return out;
}

/** Each visible node's box: ticked, partly (some of what is under it), or not. */
export function checkStates<T extends TreeNode>(tree: readonly VisibleTreeNode<T>[], selection: Selection): Map<number, CheckState> {
  const states = new Map<number, CheckState>();
  walk(tree, ({ node, children }) => {
    if (selection.has(node.id)) return void states.set(node.id, 'checked');
    const below = children.map((child) => states.get(child.node.id));
    // An inaccessible node is never chosen itself: it shows what is chosen under it.
    if (!node.accessible && below.length > 0 && below.every((state) => state === 'checked')) states.set(node.id, 'checked');
    else states.set(node.id, below.some((state) => state !== 'unchecked') ? 'indeterminate' : 'unchecked');
  });
  return states;
}

/** Finds a node's branch and the branches above it. */
function pathTo<T extends TreeNode>(tree: readonly VisibleTreeNode<T>[], id: number): VisibleTreeNode<T>[] | null {
  for (const branch of tree) {
    if (branch.node.id === id) return [branch];
    const below = pathTo(branch.children, id);
    if (below) return [branch, ...below];
  }
  return null;
}

/**
 * The selection after a tap on `id`'s box: a ticked node is unticked with all under it, and the
 * nodes above it are no longer wholly ticked; an unticked or partly ticked one is ticked with all
 * under it, and a parent whose children are then all ticked is ticked too.
 */
export function toggled<T extends TreeNode>(tree: readonly VisibleTreeNode<T>[], selection: Selection, id: number): Selection {
  const path = pathTo(tree, id);
  const branch = path?.at(-1);
  if (!path || !branch) return selection;
  const under = subtree([branch], new Set());
  const next = new Set(selection);
  if (selection.has(id)) {
    for (const node of under) next.delete(node);
    for (const above of path) next.delete(above.node.id);
    return next;
  }
  for (const node of under) next.add(node);
  return rollUp(tree, next);
}

/**
 * The selection with what `shown` (the tree as a search cut it) shows ticked: each node it shows
 * at the end of a branch (a match) with everything under it in the whole tree. The ancestors a
 * search keeps for context are ticked only if all their children end up ticked.
 */
export function withAll<T extends TreeNode>(tree: readonly VisibleTreeNode<T>[], selection: Selection, shown: readonly VisibleTreeNode<T>[]): Selection {
  const next = new Set(selection);
  const visit = (branches: readonly VisibleTreeNode<T>[]) => {
    for (const { node, children } of branches) {
      if (children.length > 0) visit(children);
      else {
        const whole = pathTo(tree, node.id)?.at(-1);
        if (whole) subtree([whole], next);
      }
    }
  };
  visit(shown);
  return rollUp(tree, next);
}
