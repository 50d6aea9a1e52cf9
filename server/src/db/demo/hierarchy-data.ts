import { REPLACED_DEVICES_GROUP_ID, REPLACED_DEVICES_GROUP_NAME } from '../../contracts/devices';
import type { NewGroupRow, NewOrganizationRow } from '../schema';

// Every id here is explicit, so docs, tests and the other seed steps can name rows; the seed
// resets the serial sequences afterwards.

/** Ids of the demo's top organizations. */
export const DEMO_ORG_IDS = { provider: 1, network: 2, stMarys: 3, riverside: 4 } as const;

/** Ids of the demo's top locations: the network root and one per hospital. */
export const DEMO_GROUP_IDS = { network: 1, stMarys: 2, riverside: 3 } as const;

type Compliance = Pick<
  NewGroupRow,
  | 'shiftLengthHours'
  | 'requiredHandWashDuration'
  | 'requiredVisitDuration'
  | 'beforeEntrySecondsToComply'
  | 'afterEntrySecondsToComply'
  | 'beforeExitSecondsToComply'
  | 'afterExitSecondsToComply'
>;

const compliance = (
  shift: number,
  visit: number,
  beforeEntry: number,
  afterEntry: number,
  beforeExit: number,
  afterExit: number,
): Compliance => ({
  shiftLengthHours: shift,
  requiredHandWashDuration: 20,
  requiredVisitDuration: visit,
  beforeEntrySecondsToComply: beforeEntry,
  afterEntrySecondsToComply: afterEntry,
  beforeExitSecondsToComply: beforeExit,
  afterExitSecondsToComply: afterExit,
});

// Critical care is strictest (short visits count, tight windows); general wards allow more slack.
const FACILITY = compliance(12, 30, 60, 60, 60, 120);
const ICU = compliance(12, 30, 60, 60, 60, 60);
const EMERGENCY = compliance(12, 45, 60, 120, 60, 120);
const MED_SURG = compliance(8, 60, 120, 120, 120, 120);
const PEDIATRICS = compliance(12, 45, 60, 120, 60, 120);
const ONCOLOGY = compliance(8, 60, 60, 120, 60, 120);

export interface SeedOrganization extends Omit<NewOrganizationRow, 'defaultLocationId' | 'createdAt'> {
  id: number;
  /** The organization's main location, written to settings.defaultLocationId once groups exist. */
  mainGroupId: number;
  /** Domain of the staff e-mail addresses. */
  emailDomain: string;
}

export const SEED_ORGANIZATIONS: readonly SeedOrganization[] = [
  { id: 1, name: 'Lavo', parentId: null, type: 'PROVIDER', accountType: 'LAVO', mainGroupId: 1, emailDomain: 'lavo.example' },
  { id: 2, name: 'Northwind Health Network', parentId: 1, type: 'NETWORK', accountType: 'LAVO', mainGroupId: 1, emailDomain: 'northwind.example' },
  { id: 3, name: "St. Mary's Hospital", parentId: 2, type: 'HOSPITAL', accountType: 'PRO', mainGroupId: 2, emailDomain: 'stmarys.example', displayReminders: true },
  { id: 4, name: 'Riverside General Hospital', parentId: 2, type: 'HOSPITAL', accountType: 'BASIC', mainGroupId: 3, emailDomain: 'riverside.example', displayDurations: false },
  { id: 5, name: "St. Mary's ICU", parentId: 3, type: 'DEPARTMENT', accountType: 'PRO', mainGroupId: 6, emailDomain: 'stmarys.example', displayReminders: true },
  { id: 6, name: "St. Mary's Emergency", parentId: 3, type: 'DEPARTMENT', accountType: 'PRO', mainGroupId: 8, emailDomain: 'stmarys.example', displayReminders: true },
  { id: 7, name: "St. Mary's Medical-Surgical", parentId: 3, type: 'DEPARTMENT', accountType: 'PRO', mainGroupId: 10, emailDomain: 'stmarys.example', displayReminders: true },
  { id: 8, name: "St. Mary's Pediatrics", parentId: 3, type: 'DEPARTMENT', accountType: 'PRO', mainGroupId: 13, emailDomain: 'stmarys.example', displayReminders: true },
  { id: 9, name: 'Riverside ICU', parentId: 4, type: 'DEPARTMENT', accountType: 'BASIC', mainGroupId: 15, emailDomain: 'riverside.example', displayDurations: false },
  { id: 10, name: 'Riverside Emergency', parentId: 4, type: 'DEPARTMENT', accountType: 'BASIC', mainGroupId: 16, emailDomain: 'riverside.example', displayDurations: false },
  { id: 11, name: 'Riverside Oncology', parentId: 4, type: 'DEPARTMENT', accountType: 'BASIC', mainGroupId: 18, emailDomain: 'riverside.example', displayDurations: false },
];

export type SeedGroup = NewGroupRow & { id: number };

const stMarys = { timeZone: 'US/Pacific' } as const;
const riverside = { timeZone: 'US/Eastern' } as const;

export const SEED_GROUPS: readonly SeedGroup[] = [
  { id: 1, parentId: null, organizationId: 2, name: 'Northwind Health Network', type: 'NETWORK', timeZone: 'US/Central', address: '200 Northwind Plaza, Chicago, IL 60601', ...FACILITY },
  { id: 2, parentId: 1, organizationId: 3, name: "St. Mary's Hospital", type: 'HOSPITAL', address: '1200 Harbor View Blvd, Portland, OR 97201', ...stMarys, ...FACILITY },
  { id: 3, parentId: 1, organizationId: 4, name: 'Riverside General Hospital', type: 'HOSPITAL', address: '800 Riverside Dr, Columbus, OH 43215', ...riverside, ...FACILITY },
  { id: 4, parentId: 2, organizationId: 3, name: "St. Mary's – Main Tower", type: 'BUILDING', ...stMarys, ...FACILITY },
  { id: 5, parentId: 2, organizationId: 3, name: "St. Mary's – Children's Pavilion", type: 'BUILDING', ...stMarys, ...FACILITY },
  { id: 6, parentId: 4, organizationId: 5, name: 'ICU – 3 North', type: 'UNIT', ...stMarys, ...ICU },
  { id: 7, parentId: 4, organizationId: 5, name: 'ICU – 3 South', type: 'UNIT', ...stMarys, ...ICU },
  { id: 8, parentId: 4, organizationId: 6, name: 'Emergency – Ground Floor', type: 'FLOOR', ...stMarys, ...EMERGENCY },
  { id: 9, parentId: 4, organizationId: 6, name: 'Emergency – Fast Track', type: 'UNIT', ...stMarys, ...EMERGENCY },
  { id: 10, parentId: 4, organizationId: 7, name: 'Med-Surg – 4 East', type: 'UNIT', ...stMarys, ...MED_SURG },
  { id: 11, parentId: 4, organizationId: 7, name: 'Med-Surg – 4 West', type: 'UNIT', ...stMarys, ...MED_SURG },
  { id: 12, parentId: 4, organizationId: 7, name: 'Med-Surg – 5 East', type: 'UNIT', ...stMarys, ...MED_SURG },
  { id: 13, parentId: 5, organizationId: 8, name: 'Pediatrics – 2 West', type: 'UNIT', ...stMarys, ...PEDIATRICS },
  { id: 14, parentId: 5, organizationId: 8, name: 'PICU – 2 East', type: 'UNIT', ...stMarys, ...ICU },
  { id: 15, parentId: 3, organizationId: 9, name: 'ICU – 2 North', type: 'UNIT', ...riverside, ...ICU },
  { id: 16, parentId: 3, organizationId: 10, name: 'Emergency – Level 1', type: 'FLOOR', ...riverside, ...EMERGENCY },
  { id: 17, parentId: 3, organizationId: 10, name: 'Emergency – Observation', type: 'UNIT', ...riverside, ...EMERGENCY },
  { id: 18, parentId: 3, organizationId: 11, name: 'Oncology – 6 East', type: 'UNIT', ...riverside, ...ONCOLOGY },
  { id: 19, parentId: 3, organizationId: 11, name: 'Infusion Center', type: 'UNIT', ...riverside, ...ONCOLOGY },
  // The provider's holding location for replaced devices: a root of its own under organization 1,
  // outside the network's tree, so only the provider's people reach it and no hospital's tree or
  // report holds it.
  { id: REPLACED_DEVICES_GROUP_ID, parentId: null, organizationId: 1, name: REPLACED_DEVICES_GROUP_NAME, type: 'UNIT', timeZone: 'US/Central', ...FACILITY },
];
