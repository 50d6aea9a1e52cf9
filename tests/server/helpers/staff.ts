import { and, asc, eq, inArray, not, like } from 'drizzle-orm';
import type { Database } from '../../../server/src/db/client';
import { organizations, users, type UserRow } from '../../../server/src/db/schema';
import { linkUserToSubject } from '../../../server/src/modules/users/identity-link.repo';
import { withDescendants } from '../../../server/src/core/scope';
import { signIn, type Tokens } from './app';
import { createConfirmedAccount } from './identity';

export const ST_MARYS = 3;
export const RIVERSIDE = 4;

/** Active generated staff of a hospital and its departments (never the demo accounts), by id. */
export async function staffOf(db: Database, hospitalId: number): Promise<UserRow[]> {
  const tree = await db.select({ id: organizations.id, parentId: organizations.parentId }).from(organizations);
  return db
    .select()
    .from(users)
    .where(
      and(
        inArray(users.organizationId, [...withDescendants(tree, [hospitalId])]),
        eq(users.active, true),
        not(like(users.userName, '%@demo.health')),
      ),
    )
    .orderBy(asc(users.id));
}

/**
 * The test files that give staff sign-in accounts share one identity provider: each takes its own
 * share of the staff, so no two files ever touch the same account.
 */
const SHARES = ['resend-invite', 'verify-email', 'set-password', 'provider-failure', 'route-samples', 'malformed-input-1', 'malformed-input-2', 'malformed-input-3', 'malformed-input-4', 'permission-matrix', 'site-access'] as const;

/** The name of a test file's share of the staff. */
export type StaffShare = (typeof SHARES)[number];

/** Hands out a file's share of the rows one at a time, so every test gets users no other test touched. */
export function handOut(rows: readonly UserRow[], share: StaffShare): () => UserRow {
  const mine = rows.filter((_, index) => index % SHARES.length === SHARES.indexOf(share));
  let next = 0;
  return () => {
    const row = mine[next++];
    if (!row) throw new Error('ran out of staff to hand out');
    return row;
  };
}

/** Gives a staff member a sign-in account with a password of their own, links their row to it (as an invitation does) and signs them in. */
export async function signedInStaff(
  db: Database,
  row: UserRow,
  password = 'Staff!Pass123',
): Promise<{ user: UserRow; tokens: Tokens; password: string }> {
  const cognitoId = await createConfirmedAccount(row.userName, password);
  await linkUserToSubject(db, row.id, cognitoId);
  return { user: { ...row, cognitoId }, tokens: await signIn(row.userName, password), password };
}
