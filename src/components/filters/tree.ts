/** A node of a flat hierarchy, as organizations and locations (groups) come from the server. */
export interface TreeNode {
  id: number;
  name: string;
  parentId: number | null;
  accessible: boolean;
}

/** A node with its visible children, sorted by name. */
export interface VisibleTreeNode<T extends TreeNode = TreeNode> {
  node: T;
  children: VisibleTreeNode<T>[];
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function childrenByParent<T extends TreeNode>(nodes: readonly T[]): Map<number | null, T[]> {
  const map = new Map<number | null, T[]>();
  for (const node of nodes) {
    const siblings = map.get(node.parentId);
    if (siblings) siblings.push(node);
    else map.set(node.parentId, [node]);
  }
  return map;
}

/**
 * The hierarchy the user may see: a node shows if it is accessible or has an accessible
 * descendant (inaccessible ancestors stay as context). Roots are the visible nodes whose parent
 * is not visible; siblings are sorted by name.
 */
export function buildVisibleTree<T extends TreeNode>(nodes: readonly T[]): VisibleTreeNode<T>[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const visible = new Set<number>();
  for (const node of nodes) {
    if (!node.accessible) continue;
    // Walk up until a node already known to be visible; the check also stops parent cycles.
    let current: T | undefined = node;
    while (current && !visible.has(current.id)) {
      visible.add(current.id);
      current = current.parentId === null ? undefined : byId.get(current.parentId);
    }
  }

  const children = childrenByParent(nodes.filter((node) => visible.has(node.id)));
  const placed = new Set<number>();
  const build = (node: T): VisibleTreeNode<T> => {
    placed.add(node.id);
    const kids = (children.get(node.id) ?? []).filter((child) => !placed.has(child.id));
    return { node, children: sortByName(kids).map(build) };
  };
  const roots = nodes.filter(
    (node) => visible.has(node.id) && (node.parentId === null || !visible.has(node.parentId)),
  );
  return sortByName(roots).map(build);
}

function sortByName<T extends TreeNode>(nodes: T[]): T[] {
  return [...nodes].sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
}

/** Every descendant of `id` (children, grandchildren, …), not `id` itself. */
export function descendantIds(nodes: readonly TreeNode[], id: number): number[] {
  const children = childrenByParent(nodes);
  const found: number[] = [];
  const seen = new Set<number>([id]);
  const queue = [id];
  for (let parent = queue.shift(); parent !== undefined; parent = queue.shift()) {
    for (const child of children.get(parent) ?? []) {
      if (seen.has(child.id)) continue;
      seen.add(child.id);
      found.push(child.id);
      queue.push(child.id);
    }
  }
  return found;
}

/**
 * The tree cut down to the nodes whose name contains `query` (case- and accent-insensitive),
 * with their ancestors kept so each match shows where it sits. An empty query keeps everything.
 */
export function filterTree<T extends TreeNode>(tree: VisibleTreeNode<T>[], query: string): VisibleTreeNode<T>[] {
  const needle = normalize(query.trim());
  if (!needle) return tree;
  const keep = (branch: VisibleTreeNode<T>): VisibleTreeNode<T> | null => {
    const children = branch.children.map(keep).filter((child) => child !== null);
    if (children.length === 0 && !normalize(branch.node.name).includes(needle)) return null;
    return { node: branch.node, children };
  };
  return tree.map(keep).filter((branch) => branch !== null);
}

function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** The nodes of a tree in display order (depth first, parents before children). */
export function flattenTree<T extends TreeNode>(tree: VisibleTreeNode<T>[]): T[] {
  return tree.flatMap((branch) => [branch.node, ...flattenTree(branch.children)]);
}
