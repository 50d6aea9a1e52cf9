import { inArray } from 'drizzle-orm';
import type { PermissionSubject } from '../../../server/src/contracts/permissions';
import type { Database } from '../../../server/src/db/client';
import { permissions, permissionTemplatePermissions, permissionTemplates, userManagedGroups, userManagedOrganizations, users, type UserRow } from '../../../server/src/db/schema';
import { signIn, type Tokens } from './app';
import { createConfirmedAccount, uniqueEmail } from './identity';

/** The password of every scoped account. */
export const SCOPED_PASSWORD = 'Scoped!Pass123';
/** The network organization (account type LAVO). */
const NETWORK_ORG = 2;

/**
 * A signed-in user of `organizationId` (the network, account type LAVO, unless told otherwise)
 * holding only `subjects` and managing only `groupIds`: what a narrowly scoped administrator sees.
 */
export async function createScopedAccount(
  db: Database,
  {
    subjects,
    groupIds,
    managedOrganizationIds = [],
    organizationId = NETWORK_ORG,
    label = 'scoped',
    name = { firstName: 'Sam', lastName: 'Scoped' },
  }: {
    subjects: readonly PermissionSubject[];
    groupIds: readonly number[];
    /** Organizations the account manages (with their descendants): none unless given. */
    managedOrganizationIds?: readonly number[];
    organizationId?: number;
    /** Start of the account's email address (tells the tests' accounts apart). */
    label?: string;
    name?: { firstName: string; lastName: string };
  },
): Promise<{ user: UserRow; tokens: Tokens }> {
  const email = uniqueEmail(label);
  const [template] = await db.insert(permissionTemplates).values({ name: `Scoped ${email}`, organizationId }).returning();
  if (!template) throw new Error('template not created');
  const granted = subjects.length ? await db.select().from(permissions).where(inArray(permissions.subject, [...subjects])) : [];
  if (granted.length) await db.insert(permissionTemplatePermissions).values(granted.map((p) => ({ templateId: template.id, permissionId: p.id })));
  // As the console does when it creates an account: the row is linked to the account's subject.
  const cognitoId = await createConfirmedAccount(email, SCOPED_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({ userName: email, email, ...name, organizationId, groupId: groupIds[0] ?? null, roleId: template.id, cognitoId })
    .returning();
  if (!user) throw new Error('user not created');
  if (groupIds.length) await db.insert(userManagedGroups).values(groupIds.map((groupId) => ({ userId: user.id, groupId })));
  if (managedOrganizationIds.length) {
    await db.insert(userManagedOrganizations).values(managedOrganizationIds.map((organizationId) => ({ userId: user.id, organizationId })));
  }
  return { user, tokens: await signIn(email, SCOPED_PASSWORD) };
}
