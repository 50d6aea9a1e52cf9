import type { Role } from '@contracts/entities';
import type { AccountType } from '@contracts/permissions';
import { allowed } from '@/lib/permissions';
import { APP_ROUTES, type AppPath, type NavGroup, type NavSection } from '@/routes/route-table';

export interface NavItem {
  path: AppPath;
  label: string;
}

export interface NavGroupModel {
  group: NavGroup;
  items: NavItem[];
}

export interface NavSectionModel {
  section: NavSection;
  label: string;
  groups: NavGroupModel[];
}

const SECTIONS: ReadonlyArray<{ section: NavSection; label: string }> = [
  { section: 'reports', label: 'Reports' },
  { section: 'accounts', label: 'Accounts' },
  { section: 'maintenance', label: 'Maintenance' },
];

/**
 * The side navigation the user may see: allowed entries only (the provider's pages for employees
 * only); empty groups and sections dropped.
 */
export function buildNavigation(
  role: Pick<Role, 'permissions'> | null | undefined,
  accountType: AccountType | null | undefined,
  isEmployee = false,
): NavSectionModel[] {
  return SECTIONS.map(({ section, label }) => {
    const groups: NavGroupModel[] = [];
    for (const entry of APP_ROUTES) {
      if (!entry.nav || entry.nav.section !== section || !allowed(entry, role, accountType, isEmployee)) continue;
      let group = groups.find((candidate) => candidate.group === entry.nav.group);
      if (!group) {
        group = { group: entry.nav.group, items: [] };
        groups.push(group);
      }
      group.items.push({ path: entry.path, label: entry.nav.label });
    }
    return { section, label, groups };
  }).filter((section) => section.groups.length > 0);
}

/** True when `pathname` is the item's page (or a page beneath it). */
export function isActivePath(itemPath: string, pathname: string): boolean {
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
