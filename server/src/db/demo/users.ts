import { inArray } from 'drizzle-orm';
import type { Database } from '../client';
import { DEMO_ACCOUNT_BY_KEY, DEMO_ACCOUNTS, type DemoAccountKey } from '../demo-accounts';
import {
  emailSubscriptions,
  type NewEmailSubscriptionRow,
  type NewUserRow,
  userManagedGroups,
  userManagedOrganizations,
  users,
} from '../schema';
import { DEMO_PROFILES } from './people-data';
import { createRandom } from './random';
import { DEMO_TEMPLATE_IDS } from './templates';
import { buildStaff, type StaffMember } from './staff';

const SEED = 20_240_611;
// The first six demo accounts hold ids 1–6 and the generated staff follow; accounts added since
// come after the staff, so no staff member's id (nor the fleet and tags handed out by id) moves.
const FIRST_ACCOUNTS = 6;
const DEMO_CREATED_AT = new Date('2023-01-09T15:00:00Z');

function demoMembers(): StaffMember[] {
  return (Object.keys(DEMO_PROFILES) as DemoAccountKey[]).map((key) => {
    const { template, managedOrganizationIds, managedGroupIds, ...profile } = DEMO_PROFILES[key];
    const email = DEMO_ACCOUNT_BY_KEY[key].email;
    const user: NewUserRow & { userName: string } = {
      ...profile,
      userName: email,
      email,
      picture: null,
      roleId: DEMO_TEMPLATE_IDS[template],
      // Switched off once the devices are handed out (switchOffDisabledAccounts).
      active: true,
      demo: false,
      cognitoId: null,
      createdAt: DEMO_CREATED_AT,
    };
    const manages =
      managedOrganizationIds.length + managedGroupIds.length > 0
        ? { organizationIds: [...managedOrganizationIds], groupIds: [...managedGroupIds] }
        : undefined;
    return { user, manages };
  });
}

// Administrators get the facility report: the provider admin monthly, the hospital manager weekly.
const DEMO_SUBSCRIPTIONS: readonly (Omit<NewEmailSubscriptionRow, 'userId'> & { key: DemoAccountKey })[] = [
  { key: 'admin', type: 'FACILITY_COMPLIANCE_REPORT', schedule: 'MONTHLY' },
  { key: 'manager', type: 'FACILITY_COMPLIANCE_REPORT', schedule: 'WEEKLY' },
  { key: 'manager', type: 'DEPARTMENT_COMPLIANCE_REPORT', schedule: 'WEEKLY' },
  { key: 'nurse', type: 'USER_COMPLIANCE_REPORT', schedule: 'MONTHLY' },
];

/**
 * disabled@… is an account an administrator switched off: its identity is disabled (sign-in is
 * refused) and its row inactive, so no list of active users offers it. Done after the devices and
 * tags are handed out, whose deterministic draws count the staff as they were.
 */
export async function switchOffDisabledAccounts(db: Database): Promise<void> {
  const disabled = DEMO_ACCOUNTS.filter((account) => account.disabled).map((account) => account.email);
  if (disabled.length > 0) await db.update(users).set({ active: false }).where(inArray(users.userName, disabled));
}

/** Inserts the demo accounts (the first six as ids 1–6) and ~194 generated staff, with scopes and subscriptions. */
export async function seedUsers(db: Database): Promise<void> {
  const demo = demoMembers();
  const staff = buildStaff(
    createRandom(SEED),
    demo.map((m) => m.user.userName),
  );
  const members = [...demo.slice(0, FIRST_ACCOUNTS), ...staff, ...demo.slice(FIRST_ACCOUNTS)];

  const inserted = await db
    .insert(users)
    .values(members.map((m) => m.user))
    .returning({ id: users.id, userName: users.userName });
  const idOf = new Map(inserted.map((r) => [r.userName, r.id]));
  const userId = (userName: string) => {
    const id = idOf.get(userName);
    if (id === undefined) throw new Error(`seeded user ${userName} has no id`);
    return id;
  };

  const managedOrgs = members.flatMap((m) =>
    (m.manages?.organizationIds ?? []).map((organizationId) => ({ userId: userId(m.user.userName), organizationId })),
  );
  const managedGroups = members.flatMap((m) =>
    (m.manages?.groupIds ?? []).map((groupId) => ({ userId: userId(m.user.userName), groupId })),
  );
  if (managedOrgs.length > 0) await db.insert(userManagedOrganizations).values(managedOrgs);
  if (managedGroups.length > 0) await db.insert(userManagedGroups).values(managedGroups);

  const subscriptions: NewEmailSubscriptionRow[] = [
    ...DEMO_SUBSCRIPTIONS.map(({ key, ...s }) => ({ ...s, userId: userId(DEMO_ACCOUNT_BY_KEY[key].email) })),
    ...staff.flatMap((m) =>
      m.subscribes
        ? [{ userId: userId(m.user.userName), type: m.subscribes, schedule: m.subscribes === 'USER_COMPLIANCE_REPORT' ? ('MONTHLY' as const) : ('WEEKLY' as const) }]
        : [],
    ),
  ];
  await db.insert(emailSubscriptions).values(subscriptions);
}
