import { describe, expect, it } from 'vitest';
import { DEMO_ROLES, makeRole, type DemoRoleKey } from '@/test/fixtures';
import { buildNavigation, isActivePath } from './nav-model';

/** The demo accounts' navigation; the admin is the provider's employee. */
const navFor = (key: DemoRoleKey) => buildNavigation(makeRole(DEMO_ROLES[key].subjects), DEMO_ROLES[key].accountType, key === 'admin');
const miscOf = (nav: ReturnType<typeof buildNavigation>) => nav[0]?.groups.find((group) => group.group === 'Misc')?.items.map((item) => item.label);
const sectionLabels = (key: DemoRoleKey) => navFor(key).map((section) => section.label);

describe('side navigation', () => {
  it('shows all three sections to the admin, with the Reports groups in order', () => {
    const nav = navFor('admin');
    expect(nav.map((section) => section.label)).toEqual(['Reports', 'Accounts', 'Maintenance']);
    expect(nav[0]?.groups.map((group) => group.group)).toEqual(['Overview', 'Reports', 'Misc']);
  });

  it('lists Server Logs for the provider’s employees only, whatever a LAVO administrator holds', () => {
    expect(miscOf(navFor('admin'))).toEqual(['Data Exports', 'Observation Audits', 'Data Trust', 'Server Logs']);
    expect(miscOf(buildNavigation(makeRole(DEMO_ROLES.admin.subjects), 'LAVO', false))).toEqual(['Data Exports', 'Observation Audits', 'Data Trust']);
    expect(miscOf(buildNavigation(makeRole(['SERVER_LOGS']), 'LAVO'))).toBeUndefined();
  });

  it('hides Maintenance from the manager', () => {
    expect(sectionLabels('manager')).toEqual(['Reports', 'Accounts']);
  });

  it('lists the Audit Trail and the Privacy Description under Accounts for the hospital administrator, whatever the account type', () => {
    expect(navFor('manager')[1]?.groups[0]?.items.map((item) => item.label)).toEqual(['Users', 'Access Management', 'Audit Trail', 'Privacy Description']);
    expect(buildNavigation(makeRole(['AUDIT_TRAIL']), 'BASIC')).toEqual([
      {
        section: 'accounts',
        label: 'Accounts',
        groups: [
          {
            group: 'Account',
            items: [
              { path: '/app/accounts/audit-trail', label: 'Audit Trail' },
              { path: '/app/accounts/privacy-description', label: 'Privacy Description' },
            ],
          },
        ],
      },
    ]);
  });

  it('shows the nurse only the User overview entry', () => {
    const nav = navFor('nurse');
    expect(nav).toHaveLength(1);
    expect(nav[0]?.groups).toEqual([{ group: 'Overview', items: [{ path: '/app/reports/user-overview', label: 'User' }] }]);
  });

  it('shows the technician the user overview, their account entries and every maintenance entry', () => {
    const nav = navFor('tech');
    expect(nav.map((section) => section.label)).toEqual(['Reports', 'Accounts', 'Maintenance']);
    expect(nav[1]?.groups[0]?.items.map((item) => item.label)).toEqual(['SmartBadge Management', 'NFC Tag Assignment']);
    expect(nav[2]?.groups[0]?.items).toHaveLength(10);
  });

  it('drops a section whose entries are all filtered out by account type', () => {
    // Every account entry but Users, Access Management and Audit Trail is LAVO-only.
    const nav = buildNavigation(makeRole(['ORGANIZATIONS', 'LOCATIONS', 'PROFESSIONS']), 'PRO');
    expect(nav).toEqual([]);
  });

  it('marks a page and its sub-pages active, not its siblings', () => {
    expect(isActivePath('/app/accounts/users', '/app/accounts/users')).toBe(true);
    expect(isActivePath('/app/accounts/users', '/app/accounts/users/12')).toBe(true);
    expect(isActivePath('/app/reports/overview', '/app/reports/overview-old')).toBe(false);
  });
});
