import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Database } from '../client';
import { DEMO_ACCOUNTS } from '../demo-accounts';
import { users } from '../schema';

/**
 * Links the demo's user rows to the accounts the console provisioned for them at the local
 * identity provider (`subjects`: email → subject, as `provisionLocalIdentity` recorded them).
 * Runs on every start, since a recreated local pool gives the accounts new subjects. Only the
 * fixed demo sign-ins are touched; anyone else is linked when the console invites them.
 */
export async function linkDemoIdentities(db: Database, subjects: Readonly<Record<string, string>>): Promise<number> {
  let linked = 0;
  for (const { email } of DEMO_ACCOUNTS) {
    const sub = subjects[email];
    if (!sub) continue;
    const updated = await db
      .update(users)
      .set({ cognitoId: sub })
      .where(and(eq(users.userName, email), or(isNull(users.cognitoId), ne(users.cognitoId, sub))))
      .returning({ id: users.id });
    linked += updated.length;
  }
  return linked;
}
