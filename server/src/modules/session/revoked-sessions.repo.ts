import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { revokedSessions } from '../../db/schema';

/**
 * How long a signed-out sign-in stays listed: the refresh token's validity (30 days, the app
 * client's setting), since a refresh token that escaped revocation at the provider would keep
 * issuing tokens of the same origin until then.
 */
export const KEEP_REVOKED_SESSION_MS = 30 * 24 * 60 * 60_000;

/** Lists a sign-in as signed out; a second sign-out of the same sign-in changes nothing. */
export async function revokeSession(db: Database, originJti: string, userId: number, now = Date.now()): Promise<void> {
  await db
    .insert(revokedSessions)
    .values({ originJti, userId, keepUntil: new Date(now + KEEP_REVOKED_SESSION_MS) })
    .onConflictDoNothing();
}

/** True when the sign-in `originJti` was signed out. */
export async function isSessionRevoked(db: Database, originJti: string): Promise<boolean> {
  const [row] = await db
    .select({ originJti: revokedSessions.originJti })
    .from(revokedSessions)
    .where(eq(revokedSessions.originJti, originJti))
    .limit(1);
  return row !== undefined;
}

/** Forgets sign-outs whose tokens can no longer be alive; answers how many went. */
export async function pruneRevokedSessions(db: Database, now = Date.now()): Promise<number> {
  const removed = await db
    .delete(revokedSessions)
    .where(lt(revokedSessions.keepUntil, new Date(now)))
    .returning({ originJti: revokedSessions.originJti });
  return removed.length;
}
