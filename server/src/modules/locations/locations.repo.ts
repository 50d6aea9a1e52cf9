import type { Database } from '../../db/client';
import { groups, organizations } from '../../db/schema';

/** The organization and location trees (a few dozen rows each), walked in memory. */
export async function loadTrees(db: Database) {
  const [orgTree, groupTree] = await Promise.all([
    db.select({ id: organizations.id, parentId: organizations.parentId, name: organizations.name }).from(organizations),
    db.select({ id: groups.id, parentId: groups.parentId, name: groups.name, organizationId: groups.organizationId }).from(groups),
  ]);
  return { orgTree, groupTree };
}

/** The location tree alone. */
export function loadGroupTree(db: Database) {
  return db.select({ id: groups.id, parentId: groups.parentId }).from(groups);
}

/** The organization tree alone. */
export function loadOrganizationTree(db: Database) {
  return db.select({ id: organizations.id, parentId: organizations.parentId }).from(organizations);
}
