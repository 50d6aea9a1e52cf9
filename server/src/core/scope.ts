import { inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { groups, organizations, userManagedGroups, userManagedOrganizations, type UserRow } from '../db/schema';
import { idIn } from './sql';

// What a caller may see (docs/PERMISSIONS.md 'Scope'): the organizations and locations they
// manage, each with every descendant. Every read of users, devices and locations for a caller is
// limited by these rules; what lies outside is answered as if it did not exist.

/** What a caller may see: their managed organizations and groups, each with every descendant. */
export interface Scope {
  organizationIds: Set<number>;
  groupIds: Set<number>;
  managedOrganizationIds: number[];
  managedGroupIds: number[];
}

export interface TreeRow {
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
  const scopes = await loadScopes(db, [userId]);
  return scopes.get(userId) as Scope;
}

/** The scopes of several users at once (the trees read once): a user managing nothing has an empty one. */
export async function loadScopes(db: Database, userIds: readonly number[]): Promise<Map<number, Scope>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const [managedOrgs, managedGroups, orgTree, groupTree] = await Promise.all([
    db
      .select({ userId: userManagedOrganizations.userId, id: userManagedOrganizations.organizationId, active: userManagedOrganizations.active })
      .from(userManagedOrganizations)
      .where(inArray(userManagedOrganizations.userId, ids)),
    db
      .select({ userId: userManagedGroups.userId, id: userManagedGroups.groupId, active: userManagedGroups.active })
      .from(userManagedGroups)
      .where(inArray(userManagedGroups.userId, ids)),
    db.select({ id: organizations.id, parentId: organizations.parentId }).from(organizations),
    db.select({ id: groups.id, parentId: groups.parentId, organizationId: groups.organizationId }).from(groups),
  ]);
  const scopes = new Map<number, Scope>();
  for (const userId of ids) {
    const managedOrganizationIds = managedOrgs.filter((m) => m.userId === userId && m.active).map((m) => m.id);
    const managedGroupIds = managedGroups.filter((m) => m.userId === userId && m.active).map((m) => m.id);
    const organizationIds = withDescendants(orgTree, managedOrganizationIds);
    const groupRoots = [...managedGroupIds, ...groupTree.filter((g) => organizationIds.has(g.organizationId)).map((g) => g.id)];
    scopes.set(userId, { organizationIds, groupIds: withDescendants(groupTree, groupRoots), managedOrganizationIds, managedGroupIds });
  }
  return scopes;
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

/** Scope ids as plain arrays, for SQL. */
export interface ScopeIds {
  organizationIds: readonly number[];
  groupIds: readonly number[];
}

export const scopeIdsOf = (scope: Scope): ScopeIds => ({
  organizationIds: [...scope.organizationIds],
  groupIds: [...scope.groupIds],
});

/** Whether a user is visible in a scope: their organization or their home location is in it. */
export function userVisible(scope: Scope, user: Pick<UserRow, 'organizationId' | 'groupId'>): boolean {
  return scope.organizationIds.has(user.organizationId) || (user.groupId !== null && scope.groupIds.has(user.groupId));
}

/** SQL for the same rule on a users row aliased `alias`. */
export function userVisibleSql(alias: SQL, scope: ScopeIds): SQL {
  return sql`(${idIn(sql`${alias}.organization_id`, scope.organizationIds)} or ${idIn(sql`${alias}.group_id`, scope.groupIds)})`;
}

/**
 * The roots with every descendant, limited to `allowed` (a scope's organizations or locations);
 * null when a root lies outside `allowed`, which callers answer as absent.
 */
export function subtreesWithin(tree: readonly TreeRow[], allowed: ReadonlySet<number>, roots: readonly number[]): number[] | null {
  if (roots.some((id) => !allowed.has(id))) return null;
  if (roots.length === 0) return [];
  return [...withDescendants(tree, roots)].filter((id) => allowed.has(id));
}
