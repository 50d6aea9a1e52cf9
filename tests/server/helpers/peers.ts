import type { Database } from '../../../server/src/db/client';
import { TEMPLATE_IDS } from '../../../server/src/db/permission-catalog';
import { DEMO_GROUP_IDS, DEMO_ORG_IDS } from '../../../server/src/db/seed';
import { userManagedGroups, userManagedOrganizations, users, type UserRow } from '../../../server/src/db/schema';
import { linkUserToSubject } from '../../../server/src/modules/users/identity-link.repo';
import { createConfirmedAccount, uniqueEmail } from './identity';

/** The password of every peer with a sign-in account. */
export const PEER_PASSWORD = 'Peer!Pass1234';

/**
 * A colleague of the demo's hospital administrator (manager@, St. Mary's, template 'Hospital
 * Administrator'), homed in St. Mary's Hospital:
 * - `reach: 'network'` manages the whole Northwind network: above the manager (docs/PERMISSIONS.md
 *   'Acting on another user'), the peer above of the permission matrix;
 * - `reach: 'hospital'` manages St. Mary's, as the manager does: at the manager's level, unless
 * - `template: 'administrator'` gives them the Administrator template, whose device subjects the
 *   manager lacks: above again.
 * With `account`, the peer has a sign-in account of their own (password PEER_PASSWORD), linked as
 * an invitation links it; without, they are a user no one has invited yet.
 */
export async function createPeer(
  db: Database,
  {
    label,
    reach,
    template = 'hospitalAdministrator',
    account = true,
  }: { label: string; reach: 'network' | 'hospital'; template?: 'hospitalAdministrator' | 'administrator'; account?: boolean },
): Promise<UserRow> {
  const email = uniqueEmail(label);
  const [user] = await db
    .insert(users)
    .values({
      userName: email,
      email,
      firstName: 'Pat',
      lastName: 'Peer',
      organizationId: DEMO_ORG_IDS.stMarys,
      groupId: DEMO_GROUP_IDS.stMarys,
      roleId: TEMPLATE_IDS[template],
    })
    .returning();
  if (!user) throw new Error('peer not created');
  await db
    .insert(userManagedOrganizations)
    .values({ userId: user.id, organizationId: reach === 'network' ? DEMO_ORG_IDS.network : DEMO_ORG_IDS.stMarys });
  await db.insert(userManagedGroups).values({ userId: user.id, groupId: reach === 'network' ? DEMO_GROUP_IDS.network : DEMO_GROUP_IDS.stMarys });
  if (!account) return user;
  const cognitoId = await createConfirmedAccount(email, PEER_PASSWORD);
  await linkUserToSubject(db, user.id, cognitoId);
  return { ...user, cognitoId };
}
