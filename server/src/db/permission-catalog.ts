import {
  DEVICE_SUBJECTS,
  INDIVIDUAL_USER_TEMPLATE_ID,
  PERMISSION_SUBJECTS,
  type PermissionSubject,
} from '../contracts/permissions';
import { PAGE_ACCESS, type AccessGrant } from '../contracts/page-access';

/** Which part of the product a permission subject opens. */
export type SubjectArea = 'report' | 'account' | 'device' | 'feature';

// A Record, so adding a subject to the contract fails typechecking here until it is labelled
// and placed in an area (the templates below are built from the areas).
/** Human label and area of every permission subject. */
export const SUBJECT_CATALOG: Record<PermissionSubject, { label: string; area: SubjectArea }> = {
  PERFORMANCE: { label: 'Performance Overview', area: 'report' },
  DISPENSERS_OVERVIEW: { label: 'Dispensers Overview', area: 'report' },
  USER_OVERVIEW: { label: 'User Overview', area: 'report' },
  ACTIVITY_BREAKDOWN_REPORT: { label: 'Activity Breakdown Report', area: 'report' },
  COMPLIANCE: { label: 'Compliance Report', area: 'report' },
  HAND_WASH: { label: 'Hand Wash Report', area: 'report' },
  DISPENSER_ACTIVITY: { label: 'Dispenser Activity Report', area: 'report' },
  STAFF_ROUNDING: { label: 'Staff Rounding Report', area: 'report' },
  CONTACT_TRACING_BETA: { label: 'Contact Tracing (beta)', area: 'report' },
  USER_PERFORMANCE: { label: 'User Performance Report', area: 'report' },
  SMARTSENSOR_USAGE: { label: 'SmartSensor Usage Report', area: 'report' },
  SMARTSENSOR_MANAGEMENT_BETA: { label: 'SmartSensor Management (beta)', area: 'report' },
  C_DIFF: { label: 'C. Diff Report', area: 'report' },
  DATA_EXPORTS: { label: 'Data Exports', area: 'report' },
  OBSERVATION_AUDITS: { label: 'Observation Audits', area: 'report' },
  SERVER_LOGS: { label: 'Server Logs', area: 'report' },
  ORGANIZATIONS: { label: 'Organizations', area: 'account' },
  LOCATIONS: { label: 'Locations', area: 'account' },
  USERS_ACCOUNTS: { label: 'Users', area: 'account' },
  PROFESSIONS: { label: 'Professions', area: 'account' },
  ACCESS_MANAGEMENT: { label: 'Access Management', area: 'account' },
  SMARTBADGE_MANAGEMENT_BETA: { label: 'SmartBadge Management (beta)', area: 'account' },
  AUDIT_TRAIL: { label: 'Audit Trail', area: 'account' },
  NFC_TAGS: { label: 'NFC Tag Assignment', area: 'account' },
  DEVICES_AND_ZONES: { label: 'Devices & Zones', area: 'device' },
  GATEWAYS: { label: 'Gateways and IoT Devices', area: 'device' },
  STATIONS: { label: 'Stations', area: 'device' },
  NFC_STATIONS: { label: 'NFC Stations', area: 'device' },
  BEACONS: { label: 'Beacons', area: 'device' },
  DISPENSERS_MAINTENANCE: { label: 'Dispenser Maintenance', area: 'device' },
  WRISTBANDS: { label: 'Wristbands', area: 'device' },
  BADGES: { label: 'Badges', area: 'device' },
  FIRMWARE: { label: 'Firmware', area: 'device' },
  PATHS: { label: 'Paths Editor', area: 'device' },
  UNRESPONSIVE: { label: 'Unresponsive Devices', area: 'device' },
  USER_EMAIL: { label: 'Compliance Report Emails', area: 'account' },
  MANAGES_ORGANIZATION: { label: 'Manage Organization and Location Access', area: 'account' },
  USER_PERMISSION_TEMPLATE: { label: "Change a User's Permissions Template", area: 'account' },
  // Template editing: only meaningful together with role id 1, so only the Administrator holds it.
  ROLE: { label: 'Permissions Templates', area: 'feature' },
};

const GRANTS: readonly AccessGrant[] = Object.values(PAGE_ACCESS);

/**
 * Subjects that open only pages of the provider's employees (Server Logs): a customer's template
 * has no use for them, so no default template but the Administrator (id 1) holds them.
 */
export const EMPLOYEE_SUBJECTS: readonly PermissionSubject[] = PERMISSION_SUBJECTS.filter((subject) => {
  const pages = GRANTS.filter((g) => g.subjects.includes(subject));
  return pages.length > 0 && pages.every((g) => g.employeesOnly);
});

/** The subjects of an area that a customer's default template may hold. */
const inArea = (area: SubjectArea) => PERMISSION_SUBJECTS.filter((s) => SUBJECT_CATALOG[s].area === area && !EMPLOYEE_SUBJECTS.includes(s));

/** Ids of the default templates; ids 1–4 carry the spec's 'default template' warning. */
export const TEMPLATE_IDS = {
  administrator: 1,
  hospitalAdministrator: 2,
  deviceTechnician: 3,
  individualUser: INDIVIDUAL_USER_TEMPLATE_ID,
} as const;
export type TemplateKey = keyof typeof TEMPLATE_IDS;

export interface DefaultTemplate {
  id: number;
  name: string;
  description: string;
  subjects: readonly PermissionSubject[];
}

/** The four default permission templates shared by every organization. */
export const DEFAULT_TEMPLATES: readonly DefaultTemplate[] = [
  {
    id: TEMPLATE_IDS.administrator,
    name: 'Administrator',
    description: 'Every permission: all reports, account management, device maintenance and templates.',
    subjects: PERMISSION_SUBJECTS,
  },
  {
    id: TEMPLATE_IDS.hospitalAdministrator,
    name: 'Hospital Administrator',
    description: 'All reports and account management for the managed facilities; no device maintenance.',
    subjects: [...inArea('report'), ...inArea('account')],
  },
  {
    id: TEMPLATE_IDS.deviceTechnician,
    name: 'Device Technician',
    description: 'Installs and maintains devices: every maintenance area, badge and NFC tag assignment, own overview.',
    subjects: [...DEVICE_SUBJECTS, 'USER_OVERVIEW', 'NFC_TAGS', 'SMARTBADGE_MANAGEMENT_BETA'],
  },
  {
    id: TEMPLATE_IDS.individualUser,
    name: 'Individual User',
    description: 'Staff member: sees their own hand-hygiene overview only.',
    subjects: ['USER_OVERVIEW'],
  },
];
