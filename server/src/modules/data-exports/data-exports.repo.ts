import { and, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dataExportRequests, dataExports, jobs, organizations } from '../../db/schema';

// What the data exports read and write of the console's database: the definitions, the requests
// with their jobs, and the organization tree they are scoped by. An export's own SQL runs elsewhere
// (run-export.ts, ARCHITECTURE.md 'Data exports').

export async function organizationTree(db: Database) {
  return db.select({ id: organizations.id, parentId: organizations.parentId, name: organizations.name }).from(organizations);
}

/** Every export definition, by name. */
export async function listExportDefinitions(db: Database) {
  return db.select().from(dataExports).orderBy(dataExports.name, dataExports.id);
}

/** When the user last asked for each of these exports (those they never asked for are left out). */
export async function lastRequestsOf(db: Database, userId: number, dataExportIds: readonly number[]) {
  if (dataExportIds.length === 0) return [];
  return db
    .select({ id: dataExportRequests.dataExportId, at: max(dataExportRequests.createdAt) })
    .from(dataExportRequests)
    .where(and(eq(dataExportRequests.userId, userId), inArray(dataExportRequests.dataExportId, [...dataExportIds])))
    .groupBy(dataExportRequests.dataExportId);
}

export async function insertExportDefinition(db: Database, row: typeof dataExports.$inferInsert) {
  const [inserted] = await db.insert(dataExports).values(row).returning();
  return inserted!;
}

/** Requests with their job and export name, newest first, at most `limit`: the one `id`, a user's, or both. */
export async function requestRows(db: Database, filter: { id?: number; userId?: number }, limit: number) {
  return db
    .select({ request: dataExportRequests, job: jobs, name: dataExports.name })
    .from(dataExportRequests)
    .innerJoin(jobs, eq(jobs.id, dataExportRequests.jobId))
    .innerJoin(dataExports, eq(dataExports.id, dataExportRequests.dataExportId))
    .where(
      and(
        filter.id === undefined ? undefined : eq(dataExportRequests.id, filter.id),
        filter.userId === undefined ? undefined : eq(dataExportRequests.userId, filter.userId),
      ),
    )
    .orderBy(desc(dataExportRequests.id))
    .limit(limit);
}

/** Records a request run by the job `jobId`, and names the request in the job's payload; answers the request's id. */
export async function insertExportRequest(db: Database, row: Omit<typeof dataExportRequests.$inferInsert, 'id'> & { jobId: number }): Promise<number> {
  const [inserted] = await db.insert(dataExportRequests).values(row).returning({ id: dataExportRequests.id });
  await db.update(jobs).set({ payload: { requestId: inserted!.id } }).where(eq(jobs.id, row.jobId));
  return inserted!.id;
}

/** A request with its export's definition. */
export async function requestWithDefinition(db: Database, requestId: number) {
  const [row] = await db
    .select({ request: dataExportRequests, definition: dataExports })
    .from(dataExportRequests)
    .innerJoin(dataExports, eq(dataExports.id, dataExportRequests.dataExportId))
    .where(eq(dataExportRequests.id, requestId));
  return row;
}

/** Records the request's file and what it holds. */
export async function recordExportFile(db: Database, requestId: number, file: { fileKey: string; rowCount: number; truncated: boolean }): Promise<void> {
  await db
    .update(dataExportRequests)
    .set({ ...file, updatedAt: sql`now()` })
    .where(eq(dataExportRequests.id, requestId));
}

/** Marks the request changed now (its job ended). */
export async function touchExportRequest(db: Database, requestId: number): Promise<void> {
  await db.update(dataExportRequests).set({ updatedAt: sql`now()` }).where(eq(dataExportRequests.id, requestId));
}
