import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { groups, organizations, type NewGroupRow } from '../../db/schema';

/** Every location (one row per facility, building, floor or unit), in id order. */
export function listGroups(db: Database) {
  return db.select().from(groups).orderBy(asc(groups.id));
}

export async function findGroup(db: Database, id: number) {
  const [row] = await db.select().from(groups).where(eq(groups.id, id));
  return row ?? null;
}

export async function organizationParentId(db: Database, id: number): Promise<number | null | undefined> {
  const [row] = await db.select({ parentId: organizations.parentId }).from(organizations).where(eq(organizations.id, id));
  return row ? row.parentId : undefined;
}

export async function insertGroup(db: Database, values: NewGroupRow) {
  const [row] = await db.insert(groups).values(values).returning();
  if (!row) throw new Error('location not inserted');
  return row;
}

export async function updateGroup(db: Database, id: number, values: Partial<NewGroupRow>) {
  const [row] = await db.update(groups).set(values).where(eq(groups.id, id)).returning();
  if (!row) throw new Error('location not updated');
  return row;
}
