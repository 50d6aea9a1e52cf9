import { type ComponentType, lazy } from 'react';
import { PlaceholderPage } from '@/components/placeholder-page';
import type { AppPath, AppRouteEntry } from './route-table';

/** A page of the signed-in area; it receives its table row. */
export type PageComponent = ComponentType<{ entry: AppRouteEntry }>;

function TablePlaceholder({ entry }: { entry: AppRouteEntry }) {
  return <PlaceholderPage title={entry.title} />;
}

/** Built pages by path, each its own chunk. Every path not listed renders the placeholder. */
const PAGE_MODULES: Partial<Record<AppPath, () => Promise<{ default: PageComponent }>>> = {
  '/app/reports/overview': () => import('@/features/reports/pages/overview-page'),
  '/app/reports/dispenser-overview': () => import('@/features/reports/pages/dispenser-overview-page'),
  '/app/reports/handwash': () => import('@/features/reports/pages/handwash-page'),
  '/app/reports/user-overview': () => import('@/features/reports/pages/user-overview-page'),
  '/app/reports/user-performance': () => import('@/features/reports/pages/user-performance-page'),
  '/app/reports/compliance': () => import('@/features/reports/pages/compliance-page'),
  '/app/reports/activity-breakdown': () => import('@/features/reports/pages/activity-breakdown-page'),
  '/app/reports/contact-tracing': () => import('@/features/reports/pages/contact-tracing-page'),
  '/app/debug/server-logs-report': () => import('@/features/debug/pages/server-logs-page'),
  '/app/reports/c-diff-report': () => import('@/features/reports/pages/c-diff-report-page'),
  '/app/reports/wearable-usage': () => import('@/features/reports/pages/wearable-usage-page'),
  '/app/reports/wearable-management': () => import('@/features/reports/pages/wearable-management-page'),
  '/app/reports/dispenser-activity': () => import('@/features/reports/pages/dispenser-activity-page'),
  '/app/reports/staff-rounding': () => import('@/features/reports/pages/staff-rounding-page'),
  '/app/reports/data-exports': () => import('@/features/reports/pages/data-exports-page'),
  '/app/accounts/nfc': () => import('@/features/nfc/pages/nfc-page'),
  '/app/maintenance/badges': () => import('@/features/badges/pages/badges-page'),
  '/app/accounts/badge-management': () => import('@/features/badges/pages/badge-management-page'),
  '/app/maintenance/stations': () => import('@/features/stations/pages/stations-page'),
  '/app/accounts/organizations': () => import('@/features/accounts/organizations/pages/organizations-page'),
  '/app/accounts/locations': () => import('@/features/accounts/locations/pages/locations-page'),
  '/app/accounts/professions': () => import('@/features/accounts/professions/pages/professions-page'),
  '/app/accounts/users': () => import('./users-route-page'),
  '/app/accounts/access-management': () => import('@/features/accounts/access-management/pages/access-management-page'),
  '/app/settings/my-account': () => import('@/features/accounts/my-account/pages/my-account-page'),
};

/** True when the page at `path` is built (not a placeholder). */
export function isBuiltPage(path: string): boolean {
  return Object.hasOwn(PAGE_MODULES, path);
}

const lazyPages = new Map<AppPath, PageComponent>();

/** The component that renders a table path. */
export function pageFor(path: AppPath): PageComponent {
  const load = PAGE_MODULES[path];
  if (!load) return TablePlaceholder;
  let page = lazyPages.get(path);
  if (!page) {
    page = lazy(load);
    lazyPages.set(path, page);
  }
  return page;
}

/** Starts downloading the page at `pathname` (if it is a built one), so it is ready when the shell renders it. */
export function preloadPage(pathname: string): void {
  const load = PAGE_MODULES[pathname as AppPath];
  // A failed download is retried by the page itself when it renders.
  load?.().catch(() => {});
}
