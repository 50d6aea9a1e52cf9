import type { AccountType, PermissionSubject } from './permissions';

/**
 * Who may use something: a holder of any one of `subjects` whose organization has one of
 * `accountTypes`, and, when `employeesOnly`, who is a provider employee (a user of organization 1).
 */
export interface AccessGrant {
  readonly subjects: readonly PermissionSubject[];
  readonly accountTypes: readonly AccountType[];
  /** Only the provider's employees (users of PROVIDER_ORGANIZATION_ID) pass, whatever they hold. */
  readonly employeesOnly?: boolean;
}

const ALL = ['LAVO', 'PRO', 'BASIC'] as const satisfies readonly AccountType[];
const LAVO = ['LAVO'] as const satisfies readonly AccountType[];
const LAVO_PRO = ['LAVO', 'PRO'] as const satisfies readonly AccountType[];

/**
 * The specification's route and permission table (docs/PERMISSIONS.md): for every /app page, the subjects (any
 * one grants it) and the account types that may use it, and whether it is the provider's employees'
 * alone. The app's routes and navigation read it,
 * and the API's routes and channels are granted by the pages that use them (docs/PERMISSIONS.md).
 */
export const PAGE_ACCESS = {
  '/app/reports/overview': { subjects: ['PERFORMANCE'], accountTypes: ALL },
  '/app/reports/dispenser-overview': { subjects: ['DISPENSERS_OVERVIEW'], accountTypes: ALL },
  '/app/reports/user-overview': { subjects: ['USER_OVERVIEW'], accountTypes: ALL },
  '/app/reports/activity-breakdown': { subjects: ['ACTIVITY_BREAKDOWN_REPORT'], accountTypes: LAVO },
  '/app/reports/compliance': { subjects: ['COMPLIANCE'], accountTypes: ALL },
  '/app/reports/handwash': { subjects: ['HAND_WASH'], accountTypes: ALL },
  '/app/reports/dispenser-activity': { subjects: ['DISPENSER_ACTIVITY'], accountTypes: ALL },
  '/app/reports/staff-rounding': { subjects: ['STAFF_ROUNDING'], accountTypes: ALL },
  '/app/reports/contact-tracing': { subjects: ['CONTACT_TRACING_BETA'], accountTypes: LAVO },
  '/app/reports/user-performance': { subjects: ['USER_PERFORMANCE'], accountTypes: ALL },
  '/app/reports/wearable-usage': { subjects: ['SMARTSENSOR_USAGE'], accountTypes: ALL },
  '/app/reports/wearable-management': { subjects: ['SMARTSENSOR_MANAGEMENT_BETA'], accountTypes: LAVO },
  '/app/reports/c-diff-report': { subjects: ['C_DIFF'], accountTypes: ALL },
  '/app/reports/data-exports': { subjects: ['DATA_EXPORTS'], accountTypes: ALL },
  // Beyond the spec (docs/PERMISSIONS.md 'Observation audits'): the observers' app and the validation it gives the figures.
  '/app/reports/observation-audits': { subjects: ['OBSERVATION_AUDITS'], accountTypes: ALL },
  // Beyond the spec (docs/PERMISSIONS.md 'Data trust'): whoever sees the compliance figures sees what stands behind them.
  '/app/reports/data-trust': { subjects: ['PERFORMANCE', 'COMPLIANCE'], accountTypes: ALL },
  // The provider's own page (debug logs are for employees; docs/PERMISSIONS.md 'Decisions'): every hospital's requests.
  '/app/debug/server-logs-report': { subjects: ['SERVER_LOGS'], accountTypes: LAVO, employeesOnly: true },
  '/app/accounts/organizations': { subjects: ['ORGANIZATIONS'], accountTypes: LAVO },
  '/app/accounts/locations': { subjects: ['LOCATIONS'], accountTypes: LAVO },
  '/app/accounts/users': { subjects: ['USERS_ACCOUNTS'], accountTypes: LAVO_PRO },
  '/app/accounts/professions': { subjects: ['PROFESSIONS'], accountTypes: LAVO },
  '/app/accounts/access-management': { subjects: ['ACCESS_MANAGEMENT'], accountTypes: ALL },
  '/app/accounts/badge-management': { subjects: ['SMARTBADGE_MANAGEMENT_BETA'], accountTypes: LAVO },
  '/app/accounts/nfc': { subjects: ['NFC_TAGS'], accountTypes: LAVO },
  // Beyond the spec (docs/PRIVACY.md 'The audit trail'): who did what, for the provider and each hospital's administrators.
  '/app/accounts/audit-trail': { subjects: ['AUDIT_TRAIL'], accountTypes: ALL },
  // Beyond the spec (docs/PRIVACY.md 'The description for the works council'): the same readers as the trail.
  '/app/accounts/privacy-description': { subjects: ['AUDIT_TRAIL'], accountTypes: ALL },
  '/app/settings/my-account': { subjects: ['USER_OVERVIEW'], accountTypes: ALL },
  '/app/maintenance/editor': { subjects: ['DEVICES_AND_ZONES'], accountTypes: LAVO },
  '/app/maintenance/gateways': { subjects: ['GATEWAYS'], accountTypes: LAVO },
  '/app/maintenance/iot-devices': { subjects: ['GATEWAYS'], accountTypes: LAVO },
  '/app/maintenance/stations': { subjects: ['STATIONS', 'NFC_STATIONS'], accountTypes: ALL },
  '/app/maintenance/beacon-operations': { subjects: ['BEACONS'], accountTypes: LAVO },
  '/app/maintenance/dispenser-operations': { subjects: ['DISPENSERS_MAINTENANCE'], accountTypes: LAVO },
  '/app/maintenance/wristbands': { subjects: ['WRISTBANDS'], accountTypes: LAVO },
  '/app/maintenance/badges': { subjects: ['BADGES'], accountTypes: LAVO },
  '/app/maintenance/versions': { subjects: ['FIRMWARE'], accountTypes: LAVO },
  '/app/maintenance/path-builder': { subjects: ['PATHS'], accountTypes: LAVO },
  '/app/maintenance/unresponsive-devices': { subjects: ['UNRESPONSIVE'], accountTypes: LAVO },
} as const satisfies Record<`/app/${string}`, AccessGrant>;

/** A page of the route table that users open (redirect-only entries are not pages). */
export type AppPage = keyof typeof PAGE_ACCESS;

/**
 * The grant of a page, or of one feature inside it: the page's account types (and its employees-only
 * rule) with a narrower set of its subjects (a gated feature, docs/PERMISSIONS.md 'Permissions: who may call what').
 */
export function pageGrant(page: AppPage, subjects?: readonly PermissionSubject[]): AccessGrant {
  return subjects ? { ...PAGE_ACCESS[page], subjects } : PAGE_ACCESS[page];
}

/** Whether a grant lets in an employee (or not) of the provider: an employees-only grant lets in employees alone. */
export const admitsCaller = (grant: Pick<AccessGrant, 'employeesOnly'>, isEmployee: boolean): boolean => !grant.employeesOnly || isEmployee;

/**
 * Whether a holder of `held` in an organization of `accountType` passes any of the grants;
 * `isEmployee` says whether they are a provider employee (for the employees-only grants).
 */
export function passesAny(
  grants: readonly AccessGrant[],
  held: ReadonlySet<PermissionSubject>,
  accountType: AccountType | null | undefined,
  isEmployee: boolean,
): boolean {
  return !!accountType && grants.some((g) => g.accountTypes.includes(accountType) && admitsCaller(g, isEmployee) && g.subjects.some((s) => held.has(s)));
}
