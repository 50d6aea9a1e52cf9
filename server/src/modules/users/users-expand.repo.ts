import { inArray } from 'drizzle-orm';
import type { UserListExpansion } from '../../contracts/user-list';
import type { Database } from '../../db/client';
import { userManagedGroups, userManagedOrganizations, users } from '../../db/schema';
import type { IdentityAdmin } from '../../identity/identity-admin';
import type { StoredUserRow } from './users-list.repo';

/**
 * Adds what `expand` asks for to one page of GET /users: the managed organizations and locations
 * (one query each for the page) and the sign-in account's status (one listing of the identity
 * provider for the page; users never linked to an account have none, without asking it).
 */
export async function expandUserRows(
  db: Database,
  identity: IdentityAdmin,
  rows: StoredUserRow[],
  expand: readonly UserListExpansion[],
): Promise<StoredUserRow[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0 || expand.length === 0) return rows;
  const wants = new Set(expand);
  const [managedOrgs, managedGroups, subjects] = await Promise.all([
    wants.has('managedOrganizations')
      ? db
          .select({ userId: userManagedOrganizations.userId, organizationId: userManagedOrganizations.organizationId, active: userManagedOrganizations.active })
          .from(userManagedOrganizations)
          .where(inArray(userManagedOrganizations.userId, ids))
      : [],
    wants.has('managedGroups')
      ? db
          .select({ userId: userManagedGroups.userId, groupId: userManagedGroups.groupId, active: userManagedGroups.active })
          .from(userManagedGroups)
          .where(inArray(userManagedGroups.userId, ids))
      : [],
    wants.has('cognito') ? db.select({ id: users.id, sub: users.cognitoId }).from(users).where(inArray(users.id, ids)) : [],
  ]);
  const subOf = new Map(subjects.flatMap((s) => (s.sub ? [[s.id, s.sub] as const] : [])));
  const accounts = wants.has('cognito') && subOf.size > 0 ? await identity.accountsBySub([...subOf.values()]) : new Map();
  return rows.map((row) => {
    const out: StoredUserRow = { ...row };
    if (wants.has('managedOrganizations')) {
      out.managedOrganizations = managedOrgs.filter((m) => m.userId === row.id).map(({ organizationId, active }) => ({ organizationId, active }));
    }
    if (wants.has('managedGroups')) {
      out.managedGroups = managedGroups.filter((m) => m.userId === row.id).map(({ groupId, active }) => ({ groupId, active }));
    }
    if (wants.has('cognito')) {
      const sub = subOf.get(row.id);
      const account = sub ? accounts.get(sub) : undefined;
      out.cognito = account ? { status: account.status, enabled: account.enabled } : null;
    }
    return out;
  });
}
