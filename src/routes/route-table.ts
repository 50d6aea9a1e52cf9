import type { AccountType } from '@contracts/permissions';
import type { Role } from '@contracts/entities';
import { PAGE_ACCESS, type AppPage } from '../../server/src/contracts/page-access';
import { badgeSearchSchema } from '../features/badges/badge-search';
import { serverLogsSearchSchema } from '../features/debug/server-logs-search';
import { nfcSearchSchema } from '../features/nfc/nfc-search';
import { usersSearchSchema } from '../entities/users/users-search';
import type { FilterParam } from '../features/reports/filters/filter-state';
import { reportSearchSchema } from '../features/reports/filters/report-search';
import { stationsSearchSchema } from '../features/stations/stations-search';
import { professionsSearchSchema } from '../features/professions/professions-search';
import { editorSearchSchema } from '../features/editor/editor-search';
import { pathBuilderSearchSchema } from '../features/path-builder/path-builder-search';
import { operationsSearchSchema } from '../features/device-operations/operations-search';
import { unresponsiveSearchSchema } from '../features/unresponsive/unresponsive-search';
import { wristbandsSearchSchema } from '../features/wristbands/wristbands-search';
import { versionsSearchSchema } from '../features/versions/versions-search';
import { gatewaysSearchSchema } from '../features/gateways/gateways-search';
import { iotDevicesSearchSchema } from '../features/iot-devices/iot-devices-search';
import { observationAuditsSearchSchema } from '../features/observation-audits/observation-audits-search';
import { dataTrustSearchSchema } from '../features/reports/data-trust/data-trust-search';
import { auditTrailSearchSchema } from '../features/audit-trail/audit-trail-search';
import { privacyDescriptionSearchSchema } from '../features/privacy-description/privacy-description-search';
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
  /**
   * The page's module, relative to src/ (a page's, for every entry but those that forward): a chunk
   * of its own, loaded when the page is opened (page-components.tsx); the build preloads it with
   * the copy of index.html served at the page's address (scripts/vite-page-shell.ts).
   */
  module?: string;
  /** What the page keeps in its address: the router reads the query string with it (validateSearch). */
  search: AddressSchema;
  /**
   * A filtered report page's filters kept in its address (docs/SCREENS.md 'Shared filter state'):
   * its address is completed to them as it loads, and links to it carry them. Its route's
   * `staticData.keeps`, for the report pages' code.
   */
  keeps?: readonly FilterParam[];
}

const row = <P extends AppPage, N extends NavPlacement | null, S extends AddressSchema>(path: P, title: string, nav: N, module: string, search: S) => ({
  path,
  title,
  ...PAGE_ACCESS[path],
  nav,
  module,
  search,
});
type Row<P extends AppPage, N extends NavPlacement | null, S extends AddressSchema> = ReturnType<typeof row<P, N, S>>;

/**
 * A page's row: its access comes from the one permission table the API enforces too; `module` is
 * the page's file under src/; `search` is its address schema (none: the page keeps nothing in its
 * address). Adding a page is its row and its feature's folder.
 */
function page<P extends AppPage, N extends NavPlacement | null>(path: P, title: string, nav: N, module: string): Row<P, N, typeof noSearch>;
function page<P extends AppPage, N extends NavPlacement | null, S extends AddressSchema>(path: P, title: string, nav: N, module: string, search: S): Row<P, N, S>;
function page(path: AppPage, title: string, nav: NavPlacement | null, module: string, search: AddressSchema = noSearch) {
  return row(path, title, nav, module, search);
}

/** A filtered report page's row: the report pages' address schema, and the filters it keeps. */
function reportPage<P extends AppPage, N extends NavPlacement, const K extends readonly FilterParam[]>(path: P, title: string, nav: N, module: string, keeps: K) {
  return { ...row(path, title, nav, module, reportSearchSchema), keeps };
}

/** What the Performance Overview and the reports it leads to keep. */
const OVERVIEW_KEEPS = ['organizationIds', 'organizationIdFilters', 'professionId', 'groupIds', 'groupIdFilters', 'startDate', 'endDate', 'view'] as const;

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
  reportPage('/app/reports/overview', 'Performance Overview', overview('Performance'), 'features/reports/overview/overview-page.tsx', OVERVIEW_KEEPS),
  reportPage('/app/reports/dispenser-overview', 'Dispenser Overview', overview('Dispensers'), 'features/reports/dispenser-overview/dispenser-overview-page.tsx', ['groupIds', 'startDate', 'endDate']),
  reportPage('/app/reports/user-overview', 'User Overview', overview('User'), 'features/reports/user-overview/user-overview-page.tsx', ['userId', 'date']),
  reportPage('/app/reports/activity-breakdown', 'Activity Breakdown', report('Activity Breakdown'), 'features/reports/activity-breakdown/activity-breakdown-page.tsx', ['organizationIds', 'userId', 'date']),
  reportPage('/app/reports/compliance', 'Compliance Report', report('Compliance'), 'features/reports/compliance/compliance-page.tsx', [...OVERVIEW_KEEPS, 'userIds', 'metric', 'split', 'excludeLowTrust']),
  reportPage('/app/reports/handwash', 'Hand Wash Analytics', report('Hand Wash'), 'features/reports/handwash/handwash-page.tsx', OVERVIEW_KEEPS),
  reportPage('/app/reports/dispenser-activity', 'Dispenser Activity Report', report('Dispenser Activity'), 'features/reports/dispenser-activity/dispenser-activity-page.tsx', ['groupId', 'deviceId', 'startDate', 'endDate']),
  reportPage('/app/reports/staff-rounding', 'Staff Rounding Report', report('Staff Rounding'), 'features/reports/staff-rounding/staff-rounding-page.tsx', ['tab', 'organizationIds', 'groupIds', 'search', 'startDate', 'endDate']),
  reportPage('/app/reports/contact-tracing', 'Contact Tracing Report', report('Contact Tracing'), 'features/reports/contact-tracing/contact-tracing-page.tsx', ['mode', 'organizationIds', 'search', 'date']),
  reportPage('/app/reports/user-performance', 'User Performance', report('User Performance'), 'features/reports/user-performance/user-performance-page.tsx', [...OVERVIEW_KEEPS, 'search', 'excludeLowTrust']),
  reportPage('/app/reports/wearable-usage', 'SmartSensor Usage', report('SmartSensor Usage'), 'features/reports/wearables/wearable-usage-page.tsx', ['organizationIds', 'professionId', 'search', 'startDate', 'endDate']),
  reportPage('/app/reports/wearable-management', 'SmartSensor Management', report('SmartSensor Management'), 'features/reports/wearables/wearable-management-page.tsx', ['organizationIds', 'search']),
  reportPage('/app/reports/c-diff-report', 'C. Diff Report', report('C. Diff Report'), 'features/reports/c-diff/c-diff-report-page.tsx', ['organizationIds', 'groupIds', 'zoneIds', 'search', 'startDate', 'endDate']),
  page('/app/reports/data-exports', 'Data Exports', misc('Data Exports'), 'features/reports/data-exports/data-exports-page.tsx'),
  page('/app/reports/observation-audits', 'Observation Audits', misc('Observation Audits'), 'features/observation-audits/pages/observation-audits-page.tsx', observationAuditsSearchSchema),
  page('/app/reports/data-trust', 'Data Trust', misc('Data Trust'), 'features/reports/data-trust/data-trust-page.tsx', dataTrustSearchSchema),
  page('/app/debug/server-logs-report', 'Server Logs', misc('Server Logs'), 'features/debug/pages/server-logs-page.tsx', serverLogsSearchSchema),
  // Accounts section
  page('/app/accounts/organizations', 'Organizations', account('Organizations'), 'features/organizations/pages/organizations-page.tsx'),
  page('/app/accounts/locations', 'Locations', account('Locations'), 'features/locations/pages/locations-page.tsx'),
  page('/app/accounts/users', 'Users', account('Users'), 'routes/users-route-page.tsx', usersSearchSchema),
  page('/app/accounts/professions', 'Professions', account('Professions'), 'features/professions/pages/professions-page.tsx', professionsSearchSchema),
  page('/app/accounts/access-management', 'Access Management', account('Access Management'), 'features/access-management/pages/access-management-page.tsx', usersSearchSchema),
  page('/app/accounts/badge-management', 'SmartBadge Management', account('SmartBadge Management'), 'features/badges/pages/badge-management-page.tsx', badgeSearchSchema),
  page('/app/accounts/nfc', 'NFC Tag Assignment', account('NFC Tag Assignment'), 'features/nfc/pages/nfc-page.tsx', nfcSearchSchema),
  page('/app/accounts/audit-trail', 'Audit Trail', account('Audit Trail'), 'features/audit-trail/pages/audit-trail-page.tsx', auditTrailSearchSchema),
  page('/app/accounts/privacy-description', 'Privacy Description', account('Privacy Description'), 'features/privacy-description/pages/privacy-description-page.tsx', privacyDescriptionSearchSchema),
  // Settings (reached from the profile popup, not the navigation)
  page('/app/settings/my-account', 'My Account', null, 'features/my-account/pages/my-account-page.tsx'),
  // Maintenance section
  page('/app/maintenance/editor', 'Location Editor', maintenance('Devices & Zones'), 'features/editor/pages/editor-page.tsx', editorSearchSchema),
  page('/app/maintenance/gateways', 'Gateways', maintenance('Gateways and IoT Devices'), 'features/gateways/pages/gateways-page.tsx', gatewaysSearchSchema),
  page('/app/maintenance/iot-devices', 'IoT Devices', null, 'features/iot-devices/pages/iot-devices-page.tsx', iotDevicesSearchSchema),
  page('/app/maintenance/stations', 'Stations', maintenance('Stations'), 'features/stations/pages/stations-page.tsx', stationsSearchSchema),
  page('/app/maintenance/beacon-operations', 'Beacon Operations', maintenance('Beacons'), 'features/device-operations/pages/beacon-operations-page.tsx', operationsSearchSchema),
  page('/app/maintenance/dispenser-operations', 'Dispenser Operations', maintenance('Dispensers'), 'features/device-operations/pages/dispenser-operations-page.tsx', operationsSearchSchema),
  page('/app/maintenance/wristbands', 'Wristbands', maintenance('Wristbands'), 'features/wristbands/pages/wristbands-page.tsx', wristbandsSearchSchema),
  page('/app/maintenance/badges', 'Badges', maintenance('Badges'), 'features/badges/pages/badges-page.tsx', badgeSearchSchema),
  page('/app/maintenance/versions', 'Versions', maintenance('Firmware'), 'features/versions/pages/versions-page.tsx', versionsSearchSchema),
  page('/app/maintenance/path-builder', 'Path Builder', maintenance('Paths editor'), 'features/path-builder/pages/path-builder-page.tsx', pathBuilderSearchSchema),
  page('/app/maintenance/unresponsive-devices', 'Unresponsive Devices', maintenance('Unresponsive report'), 'features/unresponsive/pages/unresponsive-devices-page.tsx', unresponsiveSearchSchema),
  // Forwarding entries
  { path: '/app/maintenance/nfc', title: 'NFC Tag Assignment', subjects: [], accountTypes: [], nav: null, redirectTo: '/app/accounts/nfc', search: noSearch },
] as const satisfies readonly AppRouteEntry[];

/** Every path of the table, as a literal union (typed links). */
export type AppPath = (typeof APP_ROUTES)[number]['path'];

/** The table's paths that show a page: all but those that forward. */
export type PagePath = Exclude<(typeof APP_ROUTES)[number], { redirectTo: string }>['path'];

/** The filtered report pages: the rows that keep filters. */
export type ReportPath = Extract<(typeof APP_ROUTES)[number], { keeps: readonly FilterParam[] }>['path'];

/** The filters each report page keeps, by its path, as the table's rows name them. */
export const REPORT_KEEPS = Object.fromEntries(
  APP_ROUTES.flatMap((entry): [string, readonly FilterParam[]][] => ('keeps' in entry ? [[entry.path, entry.keeps]] : [])),
) as Record<ReportPath, readonly FilterParam[]>;

/** Whether `path` is a filtered report page's. */
export function isReportPath(path: string): path is ReportPath {
  return Object.hasOwn(REPORT_KEEPS, path);
}

/** The module of each page, by its path (relative to src/), as the table's rows name them. */
export const PAGE_FILES = Object.fromEntries(
  APP_ROUTES.flatMap((entry) => ('module' in entry ? [[entry.path, entry.module]] : [])),
) as Record<PagePath, string>;

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
