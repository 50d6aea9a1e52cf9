import { and, asc, eq, inArray, not } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { groups, organizations, type NewOrganizationRow } from '../../db/schema';
import { withDescendants } from '../../core/scope';

/** Every organization (a few dozen rows), in id order. */
export function listOrganizations(db: Database) {
  return db.select().from(organizations).orderBy(asc(organizations.id));
}

export async function findOrganizationRow(db: Database, id: number) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id));
  return row ?? null;
}

/** The owner of a location, or null when there is no such location. */
export async function locationOwner(db: Database, groupId: number) {
  const [row] = await db.select({ organizationId: groups.organizationId }).from(groups).where(eq(groups.id, groupId));
  return row?.organizationId ?? null;
}

export async function insertOrganization(db: Database, values: NewOrganizationRow) {
  const [row] = await db.insert(organizations).values(values).returning();
  if (!row) throw new Error('organization not inserted');
  return row;
}

/** The ids of the organization's own locations. */
export async function ownLocationIds(db: Database, organizationId: number): Promise<Set<number>> {
  const rows = await db.select({ id: groups.id }).from(groups).where(eq(groups.organizationId, organizationId));
  return new Set(rows.map((r) => r.id));
}

/** Makes exactly `groupIds` of the organization's own locations group-only (docs/PRIVACY.md 'Group-only units'). */
export async function setGroupOnlyLocations(db: Database, organizationId: number, groupIds: readonly number[]): Promise<void> {
  const own = eq(groups.organizationId, organizationId);
  await db.update(groups).set({ groupOnly: false }).where(groupIds.length ? and(own, not(inArray(groups.id, [...groupIds]))) : own);
  if (groupIds.length) await db.update(groups).set({ groupOnly: true }).where(and(own, inArray(groups.id, [...groupIds])));
}

export async function updateOrganization(db: Database, id: number, values: Partial<NewOrganizationRow>) {
  const [row] = await db.update(organizations).set(values).where(eq(organizations.id, id)).returning();
  if (!row) throw new Error('organization not updated');
  return row;
}

/**
 * The organizations whose locations may be an organization's default location: itself once it owns
 * a location; until then (and for a new one, `organizationId` null) its parent's part of the tree.
 */
export async function defaultLocationOwners(db: Database, organizationId: number | null, parentId: number): Promise<Set<number>> {
  if (organizationId !== null) {
    const [own] = await db.select({ id: groups.id }).from(groups).where(eq(groups.organizationId, organizationId)).limit(1);
    if (own) return new Set([organizationId]);
  }
  const tree = await db.select({ id: organizations.id, parentId: organizations.parentId }).from(organizations);
  return withDescendants(tree, [parentId]);
}
