import { asc, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { groups, organizations, professions } from '../../db/schema';

/** Organizations by id, in tree order. */
export async function listOrganizationsByIds(db: Database, ids: ReadonlySet<number>) {
  if (!ids.size) return [];
  return db.select().from(organizations).where(inArray(organizations.id, [...ids])).orderBy(asc(organizations.id));
}

/** Groups by id, in tree order. */
export async function listGroupsByIds(db: Database, ids: ReadonlySet<number>) {
  if (!ids.size) return [];
  return db.select().from(groups).where(inArray(groups.id, [...ids])).orderBy(asc(groups.id));
}

/** Professions: every one for the provider's employees, else the global ones and those of the given organizations. */
export async function listProfessions(db: Database, opts: { all: boolean; organizationIds: readonly number[] }) {
  const query = db.select().from(professions);
  const filtered = opts.all
    ? query
    : query.where(
        or(
          isNull(professions.organizationId),
          opts.organizationIds.length ? inArray(professions.organizationId, [...opts.organizationIds]) : undefined,
        ),
      );
  return filtered.orderBy(asc(professions.name));
}
