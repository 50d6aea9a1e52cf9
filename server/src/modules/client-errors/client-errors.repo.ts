import { desc, lt } from 'drizzle-orm';
import type { ClientError, ClientErrorKind } from '../../contracts/client-errors';
import type { Database } from '../../db/client';
import { clientErrors } from '../../db/schema';

// The stored crash reports of the app: one insert per report (with the oldest beyond what is kept
// removed in the same transaction), and the newest-first pages the Server Logs page reads.

export interface NewClientError {
  kind: ClientErrorKind;
  release: string;
  route: string;
  message: string;
  stack: string | null;
  userId: number | null;
  userAgent: string | null;
}

/** Stores a report and removes what lies beyond the newest `keep`. */
export async function insertClientError(db: Database, row: NewClientError, keep: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(clientErrors).values(row).returning({ id: clientErrors.id });
    if (!inserted) return;
    // Ids only grow: a row `keep` ids or more before this one is older than the newest `keep`.
    await tx.delete(clientErrors).where(lt(clientErrors.id, inserted.id - keep + 1));
  });
}

/** Up to `take` reports, newest first, older than `startingAfter` when given; `hasMore` when there are older ones still. */
export async function listClientErrors(db: Database, { take, startingAfter }: { take: number; startingAfter?: number }): Promise<{ data: ClientError[]; hasMore: boolean }> {
  const rows = await db
    .select()
    .from(clientErrors)
    .where(startingAfter === undefined ? undefined : lt(clientErrors.id, startingAfter))
    .orderBy(desc(clientErrors.id))
    .limit(take + 1);
  return {
    data: rows.slice(0, take).map((r) => ({
      id: r.id,
      at: r.receivedAt.toISOString(),
      kind: r.kind,
      release: r.release,
      route: r.route,
      message: r.message,
      stack: r.stack,
      userId: r.userId,
      userAgent: r.userAgent,
    })),
    hasMore: rows.length > take,
  };
}
