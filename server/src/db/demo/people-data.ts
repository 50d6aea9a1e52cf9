import type { DemoAccountKey } from '../demo-accounts';
import type { DemoTemplateKey } from './templates';

/** Name upper-cased with spaces turned to underscores: the profession's id/code. */
export const professionCode = (name: string) => name.trim().toUpperCase().replace(/\s+/g, '_');

export const GLOBAL_PROFESSIONS = [
  'Registered Nurse',
  'Physician',
  'Nurse Practitioner',
  'Physician Assistant',
  'Respiratory Therapist',
  'Physical Therapist',
  'Environmental Services',
  'Patient Care Technician',
  'Phlebotomist',
  'Pharmacist',
  'Dietitian',
  'Transport',
  'Other',
] as const;

/** Professions only one organization uses. */
export const ORGANIZATION_PROFESSIONS: readonly { organizationId: number; name: string }[] = [
  { organizationId: 3, name: 'Child Life Specialist' },
  { organizationId: 4, name: 'Oncology Nurse Navigator' },
];

// Roughly the staffing mix of an acute-care ward: nurses dominate hand-hygiene opportunities.
export const PROFESSION_WEIGHTS: readonly (readonly [string, number])[] = [
  ['REGISTERED_NURSE', 40],
  ['PHYSICIAN', 10],
  ['NURSE_PRACTITIONER', 5],
  ['PHYSICIAN_ASSISTANT', 3],
  ['RESPIRATORY_THERAPIST', 5],
  ['PHYSICAL_THERAPIST', 3],
  ['ENVIRONMENTAL_SERVICES', 7],
  ['PATIENT_CARE_TECHNICIAN', 12],
  ['PHLEBOTOMIST', 4],
  ['PHARMACIST', 3],
  ['DIETITIAN', 2],
  ['TRANSPORT', 3],
  ['OTHER', 3],
];

export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'James', 'Isabella', 'Lucas',
  'Mia', 'Mateo', 'Amelia', 'Benjamin', 'Harper', 'Henry', 'Evelyn', 'Daniel', 'Abigail', 'Samuel',
  'Emily', 'David', 'Elizabeth', 'Joseph', 'Sofia', 'Carlos', 'Camila', 'Wei', 'Priya', 'Arjun',
  'Aisha', 'Omar', 'Fatima', 'Hannah', 'Grace', 'Nathan', 'Chloe', 'Ryan', 'Zoe', 'Marcus',
  'Leah', 'Andre', 'Naomi', 'Julian', 'Maya', 'Gabriel', 'Rosa', 'Kenji', 'Yuki', 'Thomas',
  'Rachel', 'Patrick', 'Megan', 'Kevin', 'Laura', 'Brian', 'Diana', 'Victor', 'Alicia', 'Tyler',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Chen', 'Patel', 'Kim', 'Singh', 'Okafor', 'Murphy', 'Sullivan', 'Kowalski', 'Haddad', 'Tanaka',
] as const;

export interface DemoProfile {
  firstName: string;
  lastName: string;
  clientUserId: string;
  phone: string | null;
  professionCode: string;
  organizationId: number;
  groupId: number | null;
  template: DemoTemplateKey;
  managedOrganizationIds: readonly number[];
  managedGroupIds: readonly number[];
}

/** Who each demo account is inside the demo hierarchy (the accounts of db/demo-accounts.ts). */
export const DEMO_PROFILES: Record<DemoAccountKey, DemoProfile> = {
  // Provider employee; managing org 1 and the network root reaches everything below them.
  admin: {
    firstName: 'Avery', lastName: 'Collins', clientUserId: 'E00101', phone: '3125550101',
    professionCode: 'OTHER', organizationId: 1, groupId: null, template: 'administrator',
    managedOrganizationIds: [1], managedGroupIds: [1],
  },
  manager: {
    firstName: 'Morgan', lastName: 'Reyes', clientUserId: 'E00102', phone: '5035550102',
    professionCode: 'REGISTERED_NURSE', organizationId: 3, groupId: 2, template: 'hospitalAdministrator',
    managedOrganizationIds: [3], managedGroupIds: [2],
  },
  nurse: {
    firstName: 'Nina', lastName: 'Patel', clientUserId: 'E00103', phone: '6145550103',
    professionCode: 'REGISTERED_NURSE', organizationId: 9, groupId: 15, template: 'individualUser',
    managedOrganizationIds: [], managedGroupIds: [],
  },
  tech: {
    firstName: 'Theo', lastName: 'Nakamura', clientUserId: 'E00104', phone: '3125550104',
    professionCode: 'OTHER', organizationId: 2, groupId: 1, template: 'deviceTechnician',
    managedOrganizationIds: [2], managedGroupIds: [1],
  },
  invited: {
    firstName: 'Isla', lastName: 'Bennett', clientUserId: 'E00105', phone: null,
    professionCode: 'PHYSICIAN', organizationId: 6, groupId: 8, template: 'individualUser',
    managedOrganizationIds: [], managedGroupIds: [],
  },
  disabled: {
    firstName: 'Dana', lastName: 'Whitfield', clientUserId: 'E00106', phone: '5035550106',
    professionCode: 'PATIENT_CARE_TECHNICIAN', organizationId: 7, groupId: 10, template: 'individualUser',
    managedOrganizationIds: [], managedGroupIds: [],
  },
  // Runs shifts across the hospital's wards; wears no SmartSensor in the demo (the hospital's own
  // staff, not a department's, so the fleet handed to the departments' staff stays as it was).
  charge: {
    firstName: 'Jordan', lastName: 'Ellis', clientUserId: 'E00107', phone: '5035550107',
    professionCode: 'REGISTERED_NURSE', organizationId: 3, groupId: 2, template: 'chargeNurse',
    managedOrganizationIds: [3], managedGroupIds: [2],
  },
  // The network's infection preventionist: audits the patient care units of both hospitals, wears
  // no SmartSensor (the network's own staff, not a department's).
  observer: {
    firstName: 'Quinn', lastName: 'Harper', clientUserId: 'E00108', phone: '3125550108',
    professionCode: 'REGISTERED_NURSE', organizationId: 2, groupId: 1, template: 'infectionPrevention',
    managedOrganizationIds: [2], managedGroupIds: [1],
  },
};

/** Staff generated per department, so the demo holds about 200 users with the demo accounts. */
export const STAFF_PER_DEPARTMENT: Record<number, number> = {
  5: 30, 6: 32, 7: 36, 8: 22, 9: 24, 10: 28, 11: 22,
};
