import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { Path, PlanPoint } from '../../contracts/paths';
import type { Database } from '../../db/client';
import { paths, type PathRow } from '../../db/schema';

// The paths table: a location's walking paths, one row per segment.

const toPath = (row: PathRow): Path => ({
  id: row.id,
  clientId: row.clientId,
  origin: { x: row.originX, y: row.originY },
  destination: { x: row.destinationX, y: row.destinationY },
});

/** A location's paths, oldest first. */
export async function listPaths(db: Database, groupId: number): Promise<Path[]> {
  const rows = await db.select().from(paths).where(eq(paths.groupId, groupId)).orderBy(asc(paths.id));
  return rows.map(toPath);
}

export async function countPaths(db: Database, groupId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(paths).where(eq(paths.groupId, groupId));
  return row?.n ?? 0;
}

async function findOne(db: Database, where: SQL): Promise<Path | undefined> {
  const [row] = await db.select().from(paths).where(where).limit(1);
  return row && toPath(row);
}

export const findByClientId = (db: Database, groupId: number, clientId: string) =>
  findOne(db, and(eq(paths.groupId, groupId), eq(paths.clientId, clientId))!);

/**
 * Adds a path; one the location already has under `clientId` (a repeated add, or two at once) is
 * answered as it is, with `created` false.
 */
export async function insertPath(
  db: Database,
  groupId: number,
  path: { clientId: string; origin: PlanPoint; destination: PlanPoint },
): Promise<{ path: Path; created: boolean }> {
  const [row] = await db
    .insert(paths)
    .values({
      groupId,
      clientId: path.clientId,
      originX: path.origin.x,
      originY: path.origin.y,
      destinationX: path.destination.x,
      destinationY: path.destination.y,
    })
    .onConflictDoNothing({ target: [paths.groupId, paths.clientId] })
    .returning();
  if (row) return { path: toPath(row), created: true };
  const existing = await findByClientId(db, groupId, path.clientId);
  if (!existing) throw new Error(`path ${path.clientId} of location ${groupId} neither inserted nor found`);
  return { path: existing, created: false };
}

/** Removes a location's path named by its id or its client id; answers whether one was there. */
export async function deletePath(db: Database, groupId: number, by: { id: number } | { clientId: string }): Promise<boolean> {
  const match = 'id' in by ? eq(paths.id, by.id) : eq(paths.clientId, by.clientId);
  const removed = await db
    .delete(paths)
    .where(and(eq(paths.groupId, groupId), match))
    .returning({ id: paths.id });
  return removed.length > 0;
}
