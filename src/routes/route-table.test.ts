import type { AccountType, PermissionSubject } from '@contracts/permissions';
import { PERMISSION_SUBJECTS } from '@contracts/permissions';
import { describe, expect, it } from 'vitest';
import { DEMO_ROLES, makeRole, type DemoRoleKey } from '@/test/fixtures';
import { APP_ROUTES, canOpen, findAppRoute, isReportPath, landingPath, REPORT_KEEPS, type AppRouteEntry } from './route-table';

function allowedPaths(subjects: readonly PermissionSubject[], accountType: AccountType, isEmployee = false): string[] {
  const role = makeRole(subjects);
  const entries: readonly AppRouteEntry[] = APP_ROUTES;
  return entries.filter((entry) => !entry.redirectTo && canOpen(entry, role, accountType, isEmployee)).map((entry) => entry.path);
}

/** The demo accounts' pages; the admin is the provider's employee. */
const demoPaths = (key: DemoRoleKey) => allowedPaths(DEMO_ROLES[key].subjects, DEMO_ROLES[key].accountType, key === 'admin');

describe('route table', () => {
  it('holds every /app path of the spec, each once', () => {
    const paths = APP_ROUTES.map((entry) => entry.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual(
      [
        '/app/reports/overview', '/app/reports/dispenser-overview', '/app/reports/user-overview',
        '/app/reports/activity-breakdown', '/app/reports/compliance', '/app/reports/handwash',
        '/app/reports/dispenser-activity', '/app/reports/staff-rounding', '/app/reports/contact-tracing',
        '/app/reports/user-performance', '/app/reports/wearable-usage', '/app/reports/wearable-management',
        '/app/reports/c-diff-report', '/app/reports/data-exports', '/app/reports/observation-audits', '/app/reports/data-trust', '/app/debug/server-logs-report',
        '/app/accounts/organizations', '/app/accounts/locations', '/app/accounts/users', '/app/accounts/professions',
        '/app/settings/my-account', '/app/accounts/access-management', '/app/accounts/badge-management',
        '/app/accounts/nfc', '/app/accounts/audit-trail', '/app/accounts/privacy-description', '/app/maintenance/editor', '/app/maintenance/stations', '/app/maintenance/gateways',
        '/app/maintenance/iot-devices', '/app/maintenance/beacon-operations', '/app/maintenance/dispenser-operations',
        '/app/maintenance/wristbands', '/app/maintenance/badges', '/app/maintenance/versions',
        '/app/maintenance/path-builder', '/app/maintenance/unresponsive-devices', '/app/maintenance/nfc',
      ].sort(),
    );
  });

  it('forwards /app/maintenance/nfc to /app/accounts/nfc', () => {
    expect(findAppRoute('/app/maintenance/nfc')?.redirectTo).toBe('/app/accounts/nfc');
  });

  it('lets the admin (LAVO, every subject) open every page', () => {
    expect(demoPaths('admin')).toHaveLength(APP_ROUTES.length - 1);
  });

  it('keeps Server Logs for the provider’s employees: a LAVO holder of every subject who is none does not get it', () => {
    const logs = '/app/debug/server-logs-report';
    expect(allowedPaths(PERMISSION_SUBJECTS, 'LAVO', true)).toContain(logs);
    expect(allowedPaths(PERMISSION_SUBJECTS, 'LAVO', false)).not.toContain(logs);
    expect(allowedPaths(PERMISSION_SUBJECTS, 'LAVO', false)).toHaveLength(APP_ROUTES.length - 2);
  });

  it('gives the PRO manager reports and accounts for PRO, and no maintenance', () => {
    expect(demoPaths('manager')).toEqual([
      '/app/reports/overview', '/app/reports/dispenser-overview', '/app/reports/user-overview', '/app/reports/compliance',
      '/app/reports/handwash', '/app/reports/dispenser-activity', '/app/reports/staff-rounding',
      '/app/reports/user-performance', '/app/reports/wearable-usage', '/app/reports/c-diff-report',
      '/app/reports/data-exports', '/app/reports/observation-audits', '/app/reports/data-trust', '/app/accounts/users', '/app/accounts/access-management',
      '/app/accounts/audit-trail', '/app/accounts/privacy-description', '/app/settings/my-account',
    ]);
  });

  it('gives the BASIC nurse only the user overview and their account', () => {
    expect(demoPaths('nurse')).toEqual(['/app/reports/user-overview', '/app/settings/my-account']);
  });

  it('gives the technician maintenance, NFC tags, badges and the user overview', () => {
    expect(demoPaths('tech')).toEqual([
      '/app/reports/user-overview', '/app/accounts/badge-management', '/app/accounts/nfc', '/app/settings/my-account',
      '/app/maintenance/editor', '/app/maintenance/gateways', '/app/maintenance/iot-devices', '/app/maintenance/stations',
      '/app/maintenance/beacon-operations', '/app/maintenance/dispenser-operations', '/app/maintenance/wristbands',
      '/app/maintenance/badges', '/app/maintenance/versions', '/app/maintenance/path-builder',
      '/app/maintenance/unresponsive-devices',
    ]);
  });

  it('filters by account type even when every subject is held', () => {
    const basic = allowedPaths(PERMISSION_SUBJECTS, 'BASIC');
    expect(basic).not.toContain('/app/accounts/users');
    expect(basic).not.toContain('/app/reports/activity-breakdown');
    expect(basic).toContain('/app/maintenance/stations');
    expect(allowedPaths(PERMISSION_SUBJECTS, 'PRO')).toContain('/app/accounts/users');
  });

  it('opens stations with STATIONS or NFC_STATIONS', () => {
    expect(allowedPaths(['STATIONS'], 'BASIC')).toEqual(['/app/maintenance/stations']);
    expect(allowedPaths(['NFC_STATIONS'], 'PRO')).toEqual(['/app/maintenance/stations']);
    expect(allowedPaths(['GATEWAYS'], 'PRO')).toEqual([]);
  });

  it('uses the side navigation labels of the spec', () => {
    const labels = (group: string) => APP_ROUTES.filter((entry) => entry.nav?.group === group).map((entry) => entry.nav?.label);
    expect(labels('Overview')).toEqual(['Performance', 'Dispensers', 'User']);
    expect(labels('Misc')).toEqual(['Data Exports', 'Observation Audits', 'Data Trust', 'Server Logs']);
    expect(labels('Account')).toEqual([
      'Organizations', 'Locations', 'Users', 'Professions', 'Access Management', 'SmartBadge Management', 'NFC Tag Assignment',
      'Audit Trail', 'Privacy Description',
    ]);
    expect(labels('Maintenance')).toEqual([
      'Devices & Zones', 'Gateways and IoT Devices', 'Stations', 'Beacons', 'Dispensers', 'Wristbands', 'Badges',
      'Firmware', 'Paths editor', 'Unresponsive report',
    ]);
    expect(labels('Reports')).toHaveLength(10);
  });
});

describe('the filtered report pages', () => {
  it('are the rows that keep filters', () => {
    expect(isReportPath('/app/reports/overview')).toBe(true);
    expect(isReportPath('/app/reports/staff-rounding')).toBe(true);
    expect(isReportPath('/app/reports/data-exports')).toBe(false);
    expect(isReportPath('/app/debug/server-logs-report')).toBe(false);
    expect(isReportPath('/app/reports/toString')).toBe(false);
    expect(Object.keys(REPORT_KEEPS)).toHaveLength(13);
  });

  it('keep what their screens keep: the overview’s filters, and each report its own', () => {
    const overview = ['organizationIds', 'organizationIdFilters', 'professionId', 'groupIds', 'groupIdFilters', 'startDate', 'endDate', 'view'];
    expect(REPORT_KEEPS['/app/reports/overview']).toEqual(overview);
    expect(REPORT_KEEPS['/app/reports/handwash']).toEqual(overview);
    expect(REPORT_KEEPS['/app/reports/compliance']).toEqual([...overview, 'userIds', 'metric', 'split', 'excludeLowTrust']);
    expect(REPORT_KEEPS['/app/reports/user-performance']).toEqual([...overview, 'search', 'excludeLowTrust']);
    expect(REPORT_KEEPS['/app/reports/user-overview']).toEqual(['userId', 'date']);
    expect(REPORT_KEEPS['/app/reports/dispenser-activity']).toEqual(['groupId', 'deviceId', 'startDate', 'endDate']);
    expect(REPORT_KEEPS['/app/reports/contact-tracing']).toEqual(['mode', 'organizationIds', 'search', 'date']);
  });
});

describe('landing page', () => {
  it('is the performance overview when the role has PERFORMANCE', () => {
    expect(landingPath(makeRole(DEMO_ROLES.admin.subjects), 'LAVO')).toBe('/app/reports/overview');
    expect(landingPath(makeRole(DEMO_ROLES.manager.subjects), 'PRO')).toBe('/app/reports/overview');
    expect(landingPath(makeRole(['PERFORMANCE']), 'BASIC')).toBe('/app/reports/overview');
  });

  it('is the user overview otherwise', () => {
    expect(landingPath(makeRole(DEMO_ROLES.nurse.subjects), 'BASIC')).toBe('/app/reports/user-overview');
    expect(landingPath(makeRole(DEMO_ROLES.tech.subjects), 'LAVO')).toBe('/app/reports/user-overview');
    expect(landingPath(makeRole([]), 'LAVO')).toBe('/app/reports/user-overview');
  });
});
