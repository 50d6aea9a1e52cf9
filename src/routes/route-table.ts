import type { AccountType } from '@contracts/permissions';
import type { Role } from '@contracts/entities';
// Relative, not '@/…' or '@contracts/…': vite.config.ts reads this table (scripts/vite-page-shell.ts)
// without the app's aliases, so the modules it loads (the pages' address schemas among them) import
// their values relatively too.
import { PAGE_ACCESS, type AppPage } from '../../server/src/contracts/page-access';
import { badgeSearchSchema } from '../features/badges/badge-search';
import { serverLogsSearchSchema } from '../features/debug/server-logs-search';
import { nfcSearchSchema } from '../features/nfc/nfc-search';
import { usersSearchSchema } from '../features/accounts/users/users-search';
import { reportSearchSchema } from '../features/reports/filters/report-search';
import { stationsSearchSchema } from '../features/stations/stations-search';
import { professionsSearchSchema } from '../features/accounts/professions/professions-search';
import { editorSearchSchema } from '../features/maintenance/editor/editor-search';
import { pathBuilderSearchSchema } from '../features/maintenance/path-builder/path-builder-search';
import { operationsSearchSchema } from '../features/maintenance/operations/operations-search';
import { unresponsiveSearchSchema } from '../features/maintenance/unresponsive/unresponsive-search';
import { wristbandsSearchSchema } from '../features/maintenance/wristbands/wristbands-search';
import { versionsSearchSchema } from '../features/maintenance/versions/versions-search';
import { gatewaysSearchSchema } from '../features/maintenance/gateways/gateways-search';
import { iotDevicesSearchSchema } from '../features/maintenance/iot-devices/iot-devices-search';
import { type AddressSchema, noSearch } from '../lib/address-search';
import { allowed, type AccessRule } from '../lib/permissions';

/** Side-navigation sections (the third path segment names the section). */
export type NavSection = 'reports' | 'accounts' | 'maintenance';
/** Sub-headings inside the sections, as the side navigation lists them. */
export type NavGroup = 'Overview' | 'Reports' | 'Misc' | 'Account' | 'Maintenance';

export interface NavPlacement {
  section: NavSection;
  group: NavGroup;
  label: string;
}

/** One row of the spec's route and permission table. */
export interface AppRouteEntry extends AccessRule {
  path: `/app/${string}`;
  title: string;
  /** Where the entry sits in the side navigation; null when it has no entry there. */
  nav: NavPlacement | null;
  /** Set for entries that only forward elsewhere. */
  redirectTo?: `/app/${string}`;
  /** What the page keeps in its address: the router reads the query string with it (validateSearch). */
  search: AddressSchema;
}

const row = <P extends AppPage, N extends NavPlacement | null, S extends AddressSchema>(path: P, title: string, nav: N, search: S) => ({
  path,
  title,
  ...PAGE_ACCESS[path],
  nav,
  search,
});
type Row<P extends AppPage, N extends NavPlacement | null, S extends AddressSchema> = ReturnType<typeof row<P, N, S>>;

/**
 * A page's row: its access comes from the one permission table the API enforces too; `search` is
 * its address schema (none: the page keeps nothing in its address).
 */
function page<P extends AppPage, N extends NavPlacement | null>(path: P, title: string, nav: N): Row<P, N, typeof noSearch>;
function page<P extends AppPage, N extends NavPlacement | null, S extends AddressSchema>(path: P, title: string, nav: N, search: S): Row<P, N, S>;
function page(path: AppPage, title: string, nav: NavPlacement | null, search: AddressSchema = noSearch) {
  return row(path, title, nav, search);
}

const overview = (label: string) => ({ section: 'reports', group: 'Overview', label }) as const;
const report = (label: string) => ({ section: 'reports', group: 'Reports', label }) as const;
const misc = (label: string) => ({ section: 'reports', group: 'Misc', label }) as const;
const account = (label: string) => ({ section: 'accounts', group: 'Account', label }) as const;
const maintenance = (label: string) => ({ section: 'maintenance', group: 'Maintenance', label }) as const;

/**
 * Every /app route: title, permission subjects (any one grants), account types, navigation
 * placement and address schema. Order is navigation order. Routes, guards, landing and the side
 * navigation all read this.
 */
export const APP_ROUTES = [
  // Reports section
  page('/app/reports/overview', 'Performance Overview', overview('Performance'), reportSearchSchema),
  page('/app/reports/dispenser-overview', 'Dispenser Overview', overview('Dispensers'), reportSearchSchema),
  page('/app/reports/user-overview', 'User Overview', overview('User'), reportSearchSchema),
  page('/app/reports/activity-breakdown', 'Activity Breakdown', report('Activity Breakdown'), reportSearchSchema),
  page('/app/reports/compliance', 'Compliance Report', report('Compliance'), reportSearchSchema),
  page('/app/reports/handwash', 'Hand Wash Analytics', report('Hand Wash'), reportSearchSchema),
  page('/app/reports/dispenser-activity', 'Dispenser Activity Report', report('Dispenser Activity'), reportSearchSchema),
  page('/app/reports/staff-rounding', 'Staff Rounding Report', report('Staff Rounding'), reportSearchSchema),
  page('/app/reports/contact-tracing', 'Contact Tracing Report', report('Contact Tracing'), reportSearchSchema),
  page('/app/reports/user-performance', 'User Performance', report('User Performance'), reportSearchSchema),
  page('/app/reports/wearable-usage', 'SmartSensor Usage', report('SmartSensor Usage'), reportSearchSchema),
  page('/app/reports/wearable-management', 'SmartSensor Management', report('SmartSensor Management'), reportSearchSchema),
  page('/app/reports/c-diff-report', 'C. Diff Report', report('C. Diff Report'), reportSearchSchema),
  page('/app/reports/data-exports', 'Data Exports', misc('Data Exports')),
  page('/app/debug/server-logs-report', 'Server Logs', misc('Server Logs'), serverLogsSearchSchema),
  // Accounts section
  page('/app/accounts/organizations', 'Organizations', account('Organizations')),
  page('/app/accounts/locations', 'Locations', account('Locations')),
  page('/app/accounts/users', 'Users', account('Users'), usersSearchSchema),
  page('/app/accounts/professions', 'Professions', account('Professions'), professionsSearchSchema),
  page('/app/accounts/access-management', 'Access Management', account('Access Management'), usersSearchSchema),
  page('/app/accounts/badge-management', 'SmartBadge Management', account('SmartBadge Management'), badgeSearchSchema),
  page('/app/accounts/nfc', 'NFC Tag Assignment', account('NFC Tag Assignment'), nfcSearchSchema),
  // Settings (reached from the profile popup, not the navigation)
  page('/app/settings/my-account', 'My Account', null),
  // Maintenance section
  page('/app/maintenance/editor', 'Location Editor', maintenance('Devices & Zones'), editorSearchSchema),
  page('/app/maintenance/gateways', 'Gateways', maintenance('Gateways and IoT Devices'), gatewaysSearchSchema),
  page('/app/maintenance/iot-devices', 'IoT Devices', null, iotDevicesSearchSchema),
  page('/app/maintenance/stations', 'Stations', maintenance('Stations'), stationsSearchSchema),
  page('/app/maintenance/beacon-operations', 'Beacon Operations', maintenance('Beacons'), operationsSearchSchema),
  page('/app/maintenance/dispenser-operations', 'Dispenser Operations', maintenance('Dispensers'), operationsSearchSchema),
  page('/app/maintenance/wristbands', 'Wristbands', maintenance('Wristbands'), wristbandsSearchSchema),
  page('/app/maintenance/badges', 'Badges', maintenance('Badges'), badgeSearchSchema),
  page('/app/maintenance/versions', 'Versions', maintenance('Firmware'), versionsSearchSchema),
  page('/app/maintenance/path-builder', 'Path Builder', maintenance('Paths editor'), pathBuilderSearchSchema),
  page('/app/maintenance/unresponsive-devices', 'Unresponsive Devices', maintenance('Unresponsive report'), unresponsiveSearchSchema),
  // Forwarding entries
  { path: '/app/maintenance/nfc', title: 'NFC Tag Assignment', subjects: [], accountTypes: [], nav: null, redirectTo: '/app/accounts/nfc', search: noSearch },
] as const satisfies readonly AppRouteEntry[];

/** Every path of the table, as a literal union (typed links). */
export type AppPath = (typeof APP_ROUTES)[number]['path'];

export const PERFORMANCE_LANDING = '/app/reports/overview' satisfies AppPath;
export const USER_OVERVIEW_LANDING = '/app/reports/user-overview' satisfies AppPath;

/** The table row for a path, if any. */
export function findAppRoute(path: string): AppRouteEntry | undefined {
  return APP_ROUTES.find((entry) => entry.path === path);
}

/** True when the user may open the entry (redirect-only entries are always followable); `isEmployee` for the provider's pages. */
export function canOpen(
  entry: AppRouteEntry,
  role: Pick<Role, 'permissions'> | null | undefined,
  accountType: AccountType | null | undefined,
  isEmployee = false,
): boolean {
  return entry.redirectTo !== undefined || allowed(entry, role, accountType, isEmployee);
}

/** The default landing page: the performance overview when the user may see it, else the user overview. */
export function landingPath(role: Pick<Role, 'permissions'> | null | undefined, accountType: AccountType | null | undefined): AppPath {
  const performance = findAppRoute(PERFORMANCE_LANDING);
  return performance && allowed(performance, role, accountType) ? PERFORMANCE_LANDING : USER_OVERVIEW_LANDING;
}
