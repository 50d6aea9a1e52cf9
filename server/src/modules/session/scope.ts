import { eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { groups, organizations, userManagedGroups, userManagedOrganizations } from '../../db/schema';

/** What a caller may see: their managed organizations and groups, each with every descendant. */
export interface Scope {
  organizationIds: Set<number>;
  groupIds: Set<number>;
  managedOrganizationIds: number[];
  managedGroupIds: number[];
}

interface TreeRow {
  id: number;
  parentId: number | null;
}

/** The given roots and all their descendants in a parent-linked tree. */
export function withDescendants(rows: readonly TreeRow[], roots: readonly number[]): Set<number> {
  const children = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parentId === null) continue;
    const list = children.get(row.parentId) ?? [];
    list.push(row.id);
    children.set(row.parentId, list);
  }
  const known = new Set(rows.map((r) => r.id));
  const out = new Set<number>();
  const stack = roots.filter((id) => known.has(id));
  while (stack.length) {
    const id = stack.pop() as number;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/**
 * Loads a user's scope. The organization and group trees are small (one row per facility,
 * department or unit), so they are walked in memory rather than with recursive SQL.
 */
export async function loadScope(db: Database, userId: number): Promise<Scope> {
  const [managedOrgs, managedGroups, orgTree, groupTree] = await Promise.all([
    db
      .select({ id: userManagedOrganizations.organizationId, active: userManagedOrganizations.active })
      .from(userManagedOrganizations)
      .where(eq(userManagedOrganizations.userId, userId)),
    db
      .select({ id: userManagedGroups.groupId, active: userManagedGroups.active })
      .from(userManagedGroups)
      .where(eq(userManagedGroups.userId, userId)),
    db.select({ id: organizations.id, parentId: organizations.parentId }).from(organizations),
    db.select({ id: groups.id, parentId: groups.parentId, organizationId: groups.organizationId }).from(groups),
  ]);
  const managedOrganizationIds = managedOrgs.filter((m) => m.active).map((m) => m.id);
  const managedGroupIds = managedGroups.filter((m) => m.active).map((m) => m.id);
  const organizationIds = withDescendants(orgTree, managedOrganizationIds);
  const groupRoots = [
    ...managedGroupIds,
    ...groupTree.filter((g) => organizationIds.has(g.organizationId)).map((g) => g.id),
  ];
  return {
    organizationIds,
    groupIds: withDescendants(groupTree, groupRoots),
    managedOrganizationIds,
    managedGroupIds,
  };
}

/** A where-clause for rows owned by an organization or a group inside the scope. */
export function inScope(
  scope: Scope,
  organizationColumn: Parameters<typeof inArray>[0],
  groupColumn: Parameters<typeof inArray>[0],
) {
  const orgIds = [...scope.organizationIds];
  const groupIds = [...scope.groupIds];
  // inArray with an empty list is always false; or() of nothing matches nothing.
  return or(
    orgIds.length ? inArray(organizationColumn, orgIds) : undefined,
    groupIds.length ? inArray(groupColumn, groupIds) : undefined,
  );
}
