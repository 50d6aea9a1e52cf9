import type { Organization, Role } from '@contracts/entities';
import { DEVICE_SUBJECTS, PERMISSION_SUBJECTS, type PermissionSubject } from '@contracts/permissions';
import type { CatalogPermission } from '@contracts/roles';
import type { SessionData } from '@/lib/session-context';
import { makeSession } from '@/test/fixtures';

const ACCOUNTS: PermissionSubject[] = [
  'ORGANIZATIONS', 'LOCATIONS', 'USERS_ACCOUNTS', 'PROFESSIONS', 'ACCESS_MANAGEMENT', 'SMARTBADGE_MANAGEMENT_BETA',
  'NFC_TAGS', 'USER_EMAIL', 'MANAGES_ORGANIZATION', 'USER_PERMISSION_TEMPLATE',
];
const LABELS: Partial<Record<PermissionSubject, string>> = {
  PERFORMANCE: 'Performance Overview',
  USER_OVERVIEW: 'User Overview',
  COMPLIANCE: 'Compliance Report',
  USERS_ACCOUNTS: 'Users',
  NFC_TAGS: 'NFC Tag Assignment',
  GATEWAYS: 'Gateways and IoT Devices',
  ROLE: 'Permissions Templates',
};
const titleOf = (s: string) => s.toLowerCase().split('_').map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');

/** The server's catalog as GET /users/permissions answers it: every subject with its section. */
export const CATALOG: CatalogPermission[] = PERMISSION_SUBJECTS.map((subject, i) => ({
  id: i + 1,
  action: 'access',
  subject,
  label: LABELS[subject] ?? titleOf(subject),
  group: subject === 'ROLE' ? 'Features' : DEVICE_SUBJECTS.includes(subject) ? 'Devices' : ACCOUNTS.includes(subject) ? 'Accounts' : 'Reports',
}));

const role = (id: number, name: string, subjects: readonly PermissionSubject[], organizationId: number | null = null): Role => ({
  id,
  name,
  description: null,
  owner: organizationId === null ? 'Lavo' : "St. Mary's Hospital",
  organizationId,
  permissions: subjects.map((subject) => {
    const p = CATALOG.find((c) => c.subject === subject)!;
    return { id: p.id, action: p.action, subject, label: p.label };
  }),
});

/** GET /roles?orgId=3 as the demo answers it: the four defaults and St. Mary's Charge Nurse. */
export const ST_MARYS_TEMPLATES: Role[] = [
  role(1, 'Administrator', PERMISSION_SUBJECTS),
  role(2, 'Hospital Administrator', CATALOG.filter((p) => p.group === 'Reports' || p.group === 'Accounts').map((p) => p.subject)),
  role(3, 'Device Technician', [...DEVICE_SUBJECTS, 'USER_OVERVIEW', 'NFC_TAGS']),
  role(4, 'Individual User', ['USER_OVERVIEW']),
  role(5, 'Charge Nurse', ['PERFORMANCE', 'USER_OVERVIEW', 'COMPLIANCE'], 3),
];

const org = (id: number, parentId: number | null, name: string): Organization => ({
  id,
  parentId,
  name,
  type: 'HOSPITAL',
  accountType: 'LAVO',
  settings: { defaultLocationId: null, displayDurations: true, displayReminders: false, auditMatchToleranceSeconds: 60, hideLeaderboards: false, retentionDays: 400 },
  accessible: true,
});

/** The provider admin's session: template 1 (every subject), organization 1, employee. */
export function adminSession(): SessionData {
  const session = makeSession('admin', { organizationId: 1, isEmployee: true });
  return {
    ...session,
    role: { ...session.role, id: 1, name: 'Administrator' },
    bootstrap: { ...session.bootstrap, organizations: [org(1, null, 'Lavo'), org(2, 1, 'Northwind Health'), org(3, 2, "St. Mary's Hospital")] },
  };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
