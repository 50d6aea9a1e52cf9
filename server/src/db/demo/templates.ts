import type { PermissionSubject } from '../../contracts/permissions';
import { TEMPLATE_IDS } from '../permission-catalog';

/** A permissions template an organization of the demo made for itself (beside the four default ones). */
export interface OrganizationTemplate {
  id: number;
  name: string;
  description: string;
  organizationId: number;
  owner: string;
  subjects: readonly PermissionSubject[];
}

/** The demo organizations' own templates (ids from 5, after the default ones). */
export const DEMO_ORGANIZATION_TEMPLATES = {
  chargeNurse: {
    id: 5,
    name: 'Charge Nurse',
    description: "Leads a ward's shift: the compliance reports and Staff Rounding of the managed facilities; no accounts or devices.",
    organizationId: 3,
    owner: "St. Mary's Hospital",
    subjects: ['PERFORMANCE', 'USER_OVERVIEW', 'ACTIVITY_BREAKDOWN_REPORT', 'COMPLIANCE', 'HAND_WASH', 'USER_PERFORMANCE', 'STAFF_ROUNDING'],
  },
  // The network's own: a hospital without templates of its own (Riverside) falls back to it.
  infectionPrevention: {
    id: 6,
    name: 'Infection Prevention',
    description: 'Watches hand hygiene across the network: observation audits, the compliance reports and C. diff of the managed facilities; no accounts or devices.',
    organizationId: 2,
    owner: 'Northwind Health Network',
    subjects: ['PERFORMANCE', 'USER_OVERVIEW', 'COMPLIANCE', 'HAND_WASH', 'USER_PERFORMANCE', 'C_DIFF', 'OBSERVATION_AUDITS'],
  },
} as const satisfies Record<string, OrganizationTemplate>;

/** Ids of every template a demo account may hold. */
export const DEMO_TEMPLATE_IDS = {
  ...TEMPLATE_IDS,
  chargeNurse: DEMO_ORGANIZATION_TEMPLATES.chargeNurse.id,
  infectionPrevention: DEMO_ORGANIZATION_TEMPLATES.infectionPrevention.id,
} as const;
export type DemoTemplateKey = keyof typeof DEMO_TEMPLATE_IDS;
