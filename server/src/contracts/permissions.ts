import { z } from 'zod';

const deviceSubjects = [
  'DEVICES_AND_ZONES',
  'GATEWAYS',
  'STATIONS',
  'NFC_STATIONS',
  'BEACONS',
  'DISPENSERS_MAINTENANCE',
  'WRISTBANDS',
  'BADGES',
  'FIRMWARE',
  'PATHS',
  'UNRESPONSIVE',
] as const;

/** Every permission subject the specification names (routes, navigation and gated features). */
export const PERMISSION_SUBJECTS = [
  // reports
  'PERFORMANCE',
  'DISPENSERS_OVERVIEW',
  'USER_OVERVIEW',
  'ACTIVITY_BREAKDOWN_REPORT',
  'COMPLIANCE',
  'HAND_WASH',
  'DISPENSER_ACTIVITY',
  'STAFF_ROUNDING',
  'CONTACT_TRACING_BETA',
  'USER_PERFORMANCE',
  'SMARTSENSOR_USAGE',
  'SMARTSENSOR_MANAGEMENT_BETA',
  'C_DIFF',
  'DATA_EXPORTS',
  'OBSERVATION_AUDITS',
  'SERVER_LOGS',
  // accounts
  'ORGANIZATIONS',
  'LOCATIONS',
  'USERS_ACCOUNTS',
  'PROFESSIONS',
  'ACCESS_MANAGEMENT',
  'SMARTBADGE_MANAGEMENT_BETA',
  'NFC_TAGS',
  'AUDIT_TRAIL',
  ...deviceSubjects,
  // gated features inside screens
  'USER_EMAIL',
  'MANAGES_ORGANIZATION',
  'USER_PERMISSION_TEMPLATE',
  'ROLE',
] as const;

export const permissionSubjectSchema = z.enum(PERMISSION_SUBJECTS);
export type PermissionSubject = z.infer<typeof permissionSubjectSchema>;

/** Subjects that grant a device-maintenance area (the maintenance icon needs any of them). */
export const DEVICE_SUBJECTS: readonly PermissionSubject[] = deviceSubjects;

/** The one subject that shows a person only their own figures: a template granting nothing else needs no scope. */
export const OWN_DATA_SUBJECTS: readonly PermissionSubject[] = ['USER_OVERVIEW'];

/**
 * Whether a template opens pages of an organization's data (a report, a list, a device area), so
 * that its holder sees nothing until they are given organizations or locations to see
 * (docs/PERMISSIONS.md 'Scope').
 */
export const templateNeedsScope = (subjects: Iterable<string>): boolean => [...subjects].some((subject) => !OWN_DATA_SUBJECTS.includes(subject as PermissionSubject));

/** Account types: LAVO (the product, everything), PRO and BASIC. */
export const ACCOUNT_TYPES = ['LAVO', 'PRO', 'BASIC'] as const;
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountTypeSchema>;

/** The provider's organization: its users are employees. */
export const PROVIDER_ORGANIZATION_ID = 1;
/** The default permission template given to new users. */
export const INDIVIDUAL_USER_TEMPLATE_ID = 4;
