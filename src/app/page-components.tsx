import { type ComponentType, lazy } from 'react';
import { PlaceholderPage } from '@/components/placeholder-page';
import type { AppPath, AppRouteEntry } from './route-table';

/** A page of the signed-in area; it receives its table row. */
export type PageComponent = ComponentType<{ entry: AppRouteEntry }>;

function TablePlaceholder({ entry }: { entry: AppRouteEntry }) {
  return <PlaceholderPage title={entry.title} />;
}

/**
 * Built pages by path. Every path not listed renders the placeholder; a real page is added here
 * (usually as `lazy(() => import(...))` so each area stays its own chunk).
 */
const PAGES: Partial<Record<AppPath, PageComponent>> = {
  '/app/reports/overview': lazy(() => import('@/features/reports/pages/overview-page')),
  '/app/reports/handwash': lazy(() => import('@/features/reports/pages/handwash-page')),
  '/app/reports/user-overview': lazy(() => import('@/features/reports/pages/user-overview-page')),
  '/app/reports/user-performance': lazy(() => import('@/features/reports/pages/user-performance-page')),
  '/app/reports/compliance': lazy(() => import('@/features/reports/pages/compliance-page')),
  '/app/reports/activity-breakdown': lazy(() => import('@/features/reports/pages/activity-breakdown-page')),
};

/** The component that renders a table path. */
export function pageFor(path: AppPath): PageComponent {
  return PAGES[path] ?? TablePlaceholder;
}
