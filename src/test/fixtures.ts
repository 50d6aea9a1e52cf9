import type { BootstrapResponse } from '@contracts/bootstrap';
import type { CurrentUser, Role } from '@contracts/entities';
import type { AccountType, PermissionSubject } from '@contracts/permissions';
import { DEVICE_SUBJECTS, PERMISSION_SUBJECTS } from '@contracts/permissions';
import type { RuntimeConfig } from '@contracts/config';
import type { SessionData } from '@/lib/session-context';

const REPORT_SUBJECTS: PermissionSubject[] = [
  'PERFORMANCE', 'DISPENSERS_OVERVIEW', 'USER_OVERVIEW', 'ACTIVITY_BREAKDOWN_REPORT', 'COMPLIANCE', 'HAND_WASH',
  'DISPENSER_ACTIVITY', 'STAFF_ROUNDING', 'CONTACT_TRACING_BETA', 'USER_PERFORMANCE', 'SMARTSENSOR_USAGE',
  'SMARTSENSOR_MANAGEMENT_BETA', 'C_DIFF', 'DATA_EXPORTS', 'OBSERVATION_AUDITS',
];
const ACCOUNT_SUBJECTS: PermissionSubject[] = [
  'ORGANIZATIONS', 'LOCATIONS', 'USERS_ACCOUNTS', 'PROFESSIONS', 'ACCESS_MANAGEMENT', 'SMARTBADGE_MANAGEMENT_BETA',
  'NFC_TAGS', 'USER_EMAIL', 'MANAGES_ORGANIZATION', 'USER_PERMISSION_TEMPLATE', 'AUDIT_TRAIL',
];

/** The demo accounts' permission subjects and account types (DESIGN.md 'Demo accounts'). */
export const DEMO_ROLES = {
  admin: { accountType: 'LAVO', subjects: [...PERMISSION_SUBJECTS] },
  manager: { accountType: 'PRO', subjects: [...REPORT_SUBJECTS, ...ACCOUNT_SUBJECTS] },
  nurse: { accountType: 'BASIC', subjects: ['USER_OVERVIEW'] },
  tech: { accountType: 'LAVO', subjects: [...DEVICE_SUBJECTS, 'USER_OVERVIEW', 'NFC_TAGS', 'SMARTBADGE_MANAGEMENT_BETA'] },
} satisfies Record<string, { accountType: AccountType; subjects: PermissionSubject[] }>;

export type DemoRoleKey = keyof typeof DEMO_ROLES;

/** A role carrying exactly these subjects. */
export function makeRole(subjects: readonly PermissionSubject[], name = 'Test role'): Role {
  return {
    id: 99,
    name,
    description: null,
    owner: null,
    organizationId: null,
    permissions: subjects.map((subject, index) => ({ id: index + 1, action: 'read', subject, label: subject })),
  };
}

export const testConfig: RuntimeConfig = {
  apiBaseUrl: '/api',
  apiV2BaseUrl: '/api/v2',
  cognito: { region: 'us-east-1', userPoolId: 'local_pool', userPoolClientId: 'client', endpoint: 'http://localhost:9229' },
  pusher: { key: 'key', cluster: 'mt1', wsHost: 'localhost', wsPort: 6001, forceTLS: false },
  supportUrl: 'https://support.example.com',
};

/** A signed-in session for tests, by demo role or by explicit subjects. */
export function makeSession(
  who: DemoRoleKey | { subjects: readonly PermissionSubject[]; accountType: AccountType },
  userOverrides: Partial<CurrentUser> = {},
): SessionData {
  const { subjects, accountType } = typeof who === 'string' ? DEMO_ROLES[who] : who;
  const role = makeRole(subjects);
  const settings = { defaultLocationId: null, displayDurations: true, displayReminders: false, auditMatchToleranceSeconds: 60, hideLeaderboards: false, retentionDays: 400 };
  const user: CurrentUser = {
    id: 7,
    userName: 'someone@demo.health',
    clientUserId: null,
    firstName: 'Casey',
    lastName: 'Rivera',
    name: 'Casey Rivera',
    email: 'someone@demo.health',
    phone: null,
    picture: null,
    professionId: null,
    organizationId: 2,
    groupId: null,
    active: true,
    demo: false,
    createdAt: '2024-01-01T00:00:00.000Z',
    isEmployee: false,
    cognitoId: null,
    role,
    managedOrganizationIds: [],
    managedGroupIds: [],
    organization: { id: 2, parentId: 1, name: 'Test Hospital', accountType, settings },
    ...userOverrides,
  };
  const bootstrap: BootstrapResponse = {
    user,
    organizations: [],
    users: [],
    groups: [],
    enums: { professions: [], deviceTypes: [], organizationTypes: [], groupTypes: [], accountTypes: [], timeZones: [], emailSubscriptionTypes: [] },
  };
  return {
    signInName: user.userName,
    offline: false,
    bootstrap,
    me: { id: user.id, userName: user.userName, role },
    user,
    role,
    accountType,
  };
}
