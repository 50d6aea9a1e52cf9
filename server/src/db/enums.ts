/** Organization levels, top to bottom. */
export const ORGANIZATION_TYPES = ['PROVIDER', 'NETWORK', 'HOSPITAL', 'DEPARTMENT'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

/** Location (group) levels. Open-ended in the spec ("NETWORK or other"), so the column is plain text. */
export const GROUP_TYPES = ['NETWORK', 'HOSPITAL', 'BUILDING', 'FLOOR', 'UNIT'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];

/** Compliance-report subscriptions a user can hold. */
export const EMAIL_SUBSCRIPTION_TYPES = [
  'FACILITY_COMPLIANCE_REPORT',
  'DEPARTMENT_COMPLIANCE_REPORT',
  'USER_COMPLIANCE_REPORT',
] as const;
export type EmailSubscriptionType = (typeof EMAIL_SUBSCRIPTION_TYPES)[number];

/** How often a subscribed report is mailed. */
export const EMAIL_SCHEDULES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export type EmailSchedule = (typeof EMAIL_SCHEDULES)[number];

/**
 * Time zones a location may use, stored as the spec's 'US/…' names. They are valid IANA
 * (backward-link) names, so Intl, dayjs and PostgreSQL's AT TIME ZONE all accept them as they are.
 */
export const TIME_ZONES = [
  { value: 'US/Pacific', label: 'Pacific' },
  { value: 'US/Eastern', label: 'Eastern' },
  { value: 'US/Central', label: 'Central' },
  { value: 'US/Mountain', label: 'Mountain' },
  { value: 'US/Arizona', label: 'Arizona' },
  { value: 'US/Alaska', label: 'Alaska' },
  { value: 'US/Hawaii', label: 'Hawaii' },
  { value: 'US/Aleutian', label: 'Aleutian' },
  { value: 'US/Samoa', label: 'Samoa' },
] as const;
export type TimeZone = (typeof TIME_ZONES)[number]['value'];

/** Key in app_meta that marks a database as holding the demo data. */
export const DEMO_SEEDED_KEY = 'demo_seeded';

/** Column names of dispense_daily's 24 local-hour counts: h00 … h23. */
export const DISPENSE_HOUR_COLUMNS = Array.from({ length: 24 }, (_, h) => `h${String(h).padStart(2, '0')}` as `h${string}`);
