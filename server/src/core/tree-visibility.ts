import type { TreeRow } from './scope';

/**
 * The rows a caller sees in a tree (docs/PERMISSIONS.md 'Scope'): those they may act on, and every ancestor of one, so
 * the tree still reads from its root; ancestors come without actions (`accessible` false).
 */
export function visibleTree<T extends TreeRow>(rows: readonly T[], accessible: ReadonlySet<number>): (T & { accessible: boolean })[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const shown = new Set<number>();
  for (const id of accessible) {
    let row = byId.get(id);
    while (row && !shown.has(row.id)) {
      shown.add(row.id);
      row = row.parentId === null ? undefined : byId.get(row.parentId);
    }
  }
  return rows.filter((r) => shown.has(r.id)).map((r) => ({ ...r, accessible: accessible.has(r.id) }));
}
