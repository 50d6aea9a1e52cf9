import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import { inScope, type Scope } from '../../core/scope';

/** A user by sign-in name, only if the caller may see them: themself, or someone inside their scope. */
export async function findUserInScope(db: Database, scope: Scope, callerId: number, userName: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.userName, userName), or(eq(users.id, callerId), inScope(scope, users.organizationId, users.groupId))))
    .limit(1);
  return row ?? null;
}

/** Records a user's (verified) email address; an address that was waiting to be proven is settled. */
export async function setUserEmail(db: Database, userId: number, email: string): Promise<void> {
  await db.update(users).set({ email, pendingEmail: null, pendingEmailBy: null }).where(eq(users.id, userId));
}
