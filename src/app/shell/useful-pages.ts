import type { Role } from '@contracts/entities';
import type { AccountType } from '@contracts/permissions';
import { pageVisits } from '@/lib/page-visits';
import type { UsefulPage } from '@/lib/useful-pages';
import { isBuiltPage } from '@/routes/page-components';
import { USER_OVERVIEW_LANDING } from '@/routes/route-table';
import { buildNavigation } from './nav-model';

/** How many pages are offered. */
export const USEFUL_PAGES = 3;

/**
 * The user's most-used pages: the built pages of their navigation (the User Overview left out),
 * most opened on this device first, then in navigation order.
 */
export function usefulPages(
  userId: number,
  role: Pick<Role, 'permissions'> | null | undefined,
  accountType: AccountType | null | undefined,
  isEmployee = false,
): UsefulPage[] {
  const visits = pageVisits(userId);
  const pages = buildNavigation(role, accountType, isEmployee)
    .flatMap((section) => section.groups.flatMap((group) => group.items))
    .filter((item) => item.path !== USER_OVERVIEW_LANDING && isBuiltPage(item.path))
    .map((item, order) => ({ path: item.path as string, title: item.label, order, visits: visits.get(item.path) ?? 0 }));
  return pages
    .sort((a, b) => b.visits - a.visits || a.order - b.order)
    .slice(0, USEFUL_PAGES)
    .map(({ path, title }) => ({ path, title }));
}
