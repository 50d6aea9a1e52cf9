import type { AppPath } from './route-table';

/** The table's paths that show a page: all but the old NFC address, which forwards. */
export type PagePath = Exclude<AppPath, '/app/maintenance/nfc'>;

/**
 * The module of each built page, by its path in the route table (relative to `src/`). Each is a
 * chunk of its own, loaded when its page is opened (page-components.tsx). The build reads this
 * table too: the copy of index.html served at a page's address lists the chunks that page needs,
 * so they download with the document (scripts/vite-page-shell.ts). Every path of the table that
 * shows a page is listed: the type refuses a table row without its page.
 */
export const PAGE_FILES: Record<PagePath, string> = {
  '/app/reports/overview': 'features/reports/pages/overview-page.tsx',
  '/app/reports/dispenser-overview': 'features/reports/pages/dispenser-overview-page.tsx',
  '/app/reports/handwash': 'features/reports/pages/handwash-page.tsx',
  '/app/reports/user-overview': 'features/reports/pages/user-overview-page.tsx',
  '/app/reports/user-performance': 'features/reports/pages/user-performance-page.tsx',
  '/app/reports/compliance': 'features/reports/pages/compliance-page.tsx',
  '/app/reports/activity-breakdown': 'features/reports/pages/activity-breakdown-page.tsx',
  '/app/reports/contact-tracing': 'features/reports/pages/contact-tracing-page.tsx',
  '/app/debug/server-logs-report': 'features/debug/pages/server-logs-page.tsx',
  '/app/reports/c-diff-report': 'features/reports/pages/c-diff-report-page.tsx',
  '/app/reports/wearable-usage': 'features/reports/pages/wearable-usage-page.tsx',
  '/app/reports/wearable-management': 'features/reports/pages/wearable-management-page.tsx',
  '/app/reports/dispenser-activity': 'features/reports/pages/dispenser-activity-page.tsx',
  '/app/reports/staff-rounding': 'features/reports/pages/staff-rounding-page.tsx',
  '/app/reports/data-exports': 'features/reports/pages/data-exports-page.tsx',
  '/app/accounts/nfc': 'features/nfc/pages/nfc-page.tsx',
  '/app/maintenance/badges': 'features/badges/pages/badges-page.tsx',
  '/app/accounts/badge-management': 'features/badges/pages/badge-management-page.tsx',
  '/app/maintenance/stations': 'features/stations/pages/stations-page.tsx',
  '/app/accounts/organizations': 'features/accounts/organizations/pages/organizations-page.tsx',
  '/app/accounts/locations': 'features/accounts/locations/pages/locations-page.tsx',
  '/app/accounts/professions': 'features/accounts/professions/pages/professions-page.tsx',
  '/app/accounts/users': 'routes/users-route-page.tsx',
  '/app/accounts/access-management': 'features/accounts/access-management/pages/access-management-page.tsx',
  '/app/settings/my-account': 'features/accounts/my-account/pages/my-account-page.tsx',
  '/app/maintenance/editor': 'features/maintenance/editor/pages/editor-page.tsx',
  '/app/maintenance/beacon-operations': 'features/maintenance/operations/pages/beacon-operations-page.tsx',
  '/app/maintenance/dispenser-operations': 'features/maintenance/operations/pages/dispenser-operations-page.tsx',
  '/app/maintenance/path-builder': 'features/maintenance/path-builder/pages/path-builder-page.tsx',
  '/app/maintenance/unresponsive-devices': 'features/maintenance/unresponsive/pages/unresponsive-devices-page.tsx',
  '/app/maintenance/wristbands': 'features/maintenance/wristbands/pages/wristbands-page.tsx',
  '/app/maintenance/versions': 'features/maintenance/versions/pages/versions-page.tsx',
  '/app/maintenance/gateways': 'features/maintenance/gateways/pages/gateways-page.tsx',
  '/app/maintenance/iot-devices': 'features/maintenance/iot-devices/pages/iot-devices-page.tsx',
};
