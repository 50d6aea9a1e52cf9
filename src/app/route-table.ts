import type { AccountType } from '@contracts/permissions';
import type { Role } from '@contracts/entities';
// Relative, not '@/…': vite.config.ts reads this table (scripts/vite-page-shell.ts) without the app's aliases.
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
}

const ALL = ['LAVO', 'PRO', 'BASIC'] as const satisfies readonly AccountType[];
const LAVO = ['LAVO'] as const satisfies readonly AccountType[];
const LAVO_PRO = ['LAVO', 'PRO'] as const satisfies readonly AccountType[];

const overview = (label: string) => ({ section: 'reports', group: 'Overview', label }) as const;
const report = (label: string) => ({ section: 'reports', group: 'Reports', label }) as const;
const misc = (label: string) => ({ section: 'reports', group: 'Misc', label }) as const;
const account = (label: string) => ({ section: 'accounts', group: 'Account', label }) as const;
const maintenance = (label: string) => ({ section: 'maintenance', group: 'Maintenance', label }) as const;

/**
 * Every /app route: title, permission subjects (any one grants), account types and navigation
 * placement. Order is navigation order. Routes, guards, landing and the side navigation all read this.
 */
export const APP_ROUTES = [
  // Reports section
  { path: '/app/reports/overview', title: 'Performance Overview', subjects: ['PERFORMANCE'], accountTypes: ALL, nav: overview('Performance') },
  { path: '/app/reports/dispenser-overview', title: 'Dispenser Overview', subjects: ['DISPENSERS_OVERVIEW'], accountTypes: ALL, nav: overview('Dispensers') },
  { path: '/app/reports/user-overview', title: 'User Overview', subjects: ['USER_OVERVIEW'], accountTypes: ALL, nav: overview('User') },
  { path: '/app/reports/activity-breakdown', title: 'Activity Breakdown', subjects: ['ACTIVITY_BREAKDOWN_REPORT'], accountTypes: LAVO, nav: report('Activity Breakdown') },
  { path: '/app/reports/compliance', title: 'Compliance Report', subjects: ['COMPLIANCE'], accountTypes: ALL, nav: report('Compliance') },
  { path: '/app/reports/handwash', title: 'Hand Wash Analytics', subjects: ['HAND_WASH'], accountTypes: ALL, nav: report('Hand Wash') },
  { path: '/app/reports/dispenser-activity', title: 'Dispenser Activity Report', subjects: ['DISPENSER_ACTIVITY'], accountTypes: ALL, nav: report('Dispenser Activity') },
  { path: '/app/reports/staff-rounding', title: 'Staff Rounding Report', subjects: ['STAFF_ROUNDING'], accountTypes: ALL, nav: report('Staff Rounding') },
  { path: '/app/reports/contact-tracing', title: 'Contact Tracing Report', subjects: ['CONTACT_TRACING_BETA'], accountTypes: LAVO, nav: report('Contact Tracing') },
  { path: '/app/reports/user-performance', title: 'User Performance', subjects: ['USER_PERFORMANCE'], accountTypes: ALL, nav: report('User Performance') },
  { path: '/app/reports/wearable-usage', title: 'SmartSensor Usage', subjects: ['SMARTSENSOR_USAGE'], accountTypes: ALL, nav: report('SmartSensor Usage') },
  { path: '/app/reports/wearable-management', title: 'SmartSensor Management', subjects: ['SMARTSENSOR_MANAGEMENT_BETA'], accountTypes: LAVO, nav: report('SmartSensor Management') },
  { path: '/app/reports/c-diff-report', title: 'C. Diff Report', subjects: ['C_DIFF'], accountTypes: ALL, nav: report('C. Diff Report') },
  { path: '/app/reports/data-exports', title: 'Data Exports', subjects: ['DATA_EXPORTS'], accountTypes: ALL, nav: misc('Data Exports') },
  { path: '/app/debug/server-logs-report', title: 'Server Logs', subjects: ['SERVER_LOGS'], accountTypes: LAVO, nav: misc('Server Logs') },
  // Accounts section
  { path: '/app/accounts/organizations', title: 'Organizations', subjects: ['ORGANIZATIONS'], accountTypes: LAVO, nav: account('Organizations') },
  { path: '/app/accounts/locations', title: 'Locations', subjects: ['LOCATIONS'], accountTypes: LAVO, nav: account('Locations') },
  { path: '/app/accounts/users', title: 'Users', subjects: ['USERS_ACCOUNTS'], accountTypes: LAVO_PRO, nav: account('Users') },
  { path: '/app/accounts/professions', title: 'Professions', subjects: ['PROFESSIONS'], accountTypes: LAVO, nav: account('Professions') },
  { path: '/app/accounts/access-management', title: 'Access Management', subjects: ['ACCESS_MANAGEMENT'], accountTypes: ALL, nav: account('Access Management') },
  { path: '/app/accounts/badge-management', title: 'SmartBadge Management', subjects: ['SMARTBADGE_MANAGEMENT_BETA'], accountTypes: LAVO, nav: account('SmartBadge Management') },
  { path: '/app/accounts/nfc', title: 'NFC Tag Assignment', subjects: ['NFC_TAGS'], accountTypes: LAVO, nav: account('NFC Tag Assignment') },
  // Settings (reached from the profile popup, not the navigation)
  { path: '/app/settings/my-account', title: 'My Account', subjects: ['USER_OVERVIEW'], accountTypes: ALL, nav: null },
  // Maintenance section
  { path: '/app/maintenance/editor', title: 'Location Editor', subjects: ['DEVICES_AND_ZONES'], accountTypes: LAVO, nav: maintenance('Devices & Zones') },
  { path: '/app/maintenance/gateways', title: 'Gateways', subjects: ['GATEWAYS'], accountTypes: LAVO, nav: maintenance('Gateways and IoT Devices') },
  { path: '/app/maintenance/iot-devices', title: 'IoT Devices', subjects: ['GATEWAYS'], accountTypes: LAVO, nav: null },
  { path: '/app/maintenance/stations', title: 'Stations', subjects: ['STATIONS', 'NFC_STATIONS'], accountTypes: ALL, nav: maintenance('Stations') },
  { path: '/app/maintenance/beacon-operations', title: 'Beacon Operations', subjects: ['BEACONS'], accountTypes: LAVO, nav: maintenance('Beacons') },
  { path: '/app/maintenance/dispenser-operations', title: 'Dispenser Operations', subjects: ['DISPENSERS_MAINTENANCE'], accountTypes: LAVO, nav: maintenance('Dispensers') },
  { path: '/app/maintenance/wristbands', title: 'Wristbands', subjects: ['WRISTBANDS'], accountTypes: LAVO, nav: maintenance('Wristbands') },
  { path: '/app/maintenance/badges', title: 'Badges', subjects: ['BADGES'], accountTypes: LAVO, nav: maintenance('Badges') },
  { path: '/app/maintenance/versions', title: 'Versions', subjects: ['FIRMWARE'], accountTypes: LAVO, nav: maintenance('Firmware') },
  { path: '/app/maintenance/path-builder', title: 'Path Builder', subjects: ['PATHS'], accountTypes: LAVO, nav: maintenance('Paths editor') },
  { path: '/app/maintenance/unresponsive-devices', title: 'Unresponsive Devices', subjects: ['UNRESPONSIVE'], accountTypes: LAVO, nav: maintenance('Unresponsive report') },
  // Forwarding entries
  { path: '/app/maintenance/nfc', title: 'NFC Tag Assignment', subjects: [], accountTypes: [], nav: null, redirectTo: '/app/accounts/nfc' },
] as const satisfies readonly AppRouteEntry[];

/** Every path of the table, as a literal union (typed links). */
export type AppPath = (typeof APP_ROUTES)[number]['path'];

export const PERFORMANCE_LANDING = '/app/reports/overview' satisfies AppPath;
export const USER_OVERVIEW_LANDING = '/app/reports/user-overview' satisfies AppPath;

/** The table row for a path, if any. */
export function findAppRoute(path: string): AppRouteEntry | undefined {
  return APP_ROUTES.find((entry) => entry.path === path);
}

/** True when the user may open the entry (redirect-only entries are always followable). */
export function canOpen(entry: AppRouteEntry, role: Pick<Role, 'permissions'> | null | undefined, accountType: AccountType | null | undefined): boolean {
  return entry.redirectTo !== undefined || allowed(entry, role, accountType);
}

/** The default landing page: the performance overview when the user may see it, else the user overview. */
export function landingPath(role: Pick<Role, 'permissions'> | null | undefined, accountType: AccountType | null | undefined): AppPath {
  const performance = findAppRoute(PERFORMANCE_LANDING);
  return performance && allowed(performance, role, accountType) ? PERFORMANCE_LANDING : USER_OVERVIEW_LANDING;
}
