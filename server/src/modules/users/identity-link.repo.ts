import { eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { userSignIns, users, type UserRow } from '../../db/schema';

/**
 * The user linked to the identity provider's subject id. The link is recorded when the console
 * creates or invites the account; a name or email claim never links anyone
 * (docs/SECURITY.md), so an identity no administrator created belongs to nobody.
 */
export async function findUserBySubject(db: Database, sub: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.cognitoId, sub)).limit(1);
  return row ?? null;
}

/** Records that `userId` signs in as the identity provider's subject `sub`. */
export async function linkUserToSubject(db: Database, userId: number, sub: string): Promise<void> {
  await db.update(users).set({ cognitoId: sub }).where(eq(users.id, userId));
}

/** Records a sign-in at `at` as the user's last login, unless a later one is recorded already. */
export async function recordSignIn(db: Database, userId: number, at: Date): Promise<void> {
  await db
    .insert(userSignIns)
    .values({ userId, lastLoginAt: at })
    .onConflictDoUpdate({ target: userSignIns.userId, set: { lastLoginAt: at }, setWhere: lt(userSignIns.lastLoginAt, at) });
}
