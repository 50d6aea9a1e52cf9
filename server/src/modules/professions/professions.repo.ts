import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { professions } from '../../db/schema';

/** The global professions and those of the given organizations, by name. */
export function listProfessionsOf(db: Database, organizationIds: readonly number[]) {
  return db
    .select()
    .from(professions)
    .where(or(isNull(professions.organizationId), organizationIds.length ? inArray(professions.organizationId, [...organizationIds]) : undefined))
    .orderBy(asc(professions.name));
}

/** A profession with this code that the organization (null: the global list) already sees. */
export async function findVisibleCode(db: Database, code: string, organizationId: number | null) {
  const [row] = await db
    .select()
    .from(professions)
    .where(and(eq(professions.code, code), organizationId === null ? undefined : or(isNull(professions.organizationId), eq(professions.organizationId, organizationId))))
    .limit(1);
  return row ?? null;
}

export async function insertProfession(db: Database, values: { code: string; name: string; organizationId: number | null }) {
  const [row] = await db.insert(professions).values(values).onConflictDoNothing().returning();
  return row ?? null;
}
