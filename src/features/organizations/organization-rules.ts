import { organizationBodySchema, TYPES_NEEDING_DEFAULT_LOCATION } from '@contracts/organizations';
import type { Group, Organization } from '@contracts/entities';
import { ACCOUNT_TYPES, type AccountType } from '@contracts/permissions';
import { z } from 'zod';
import { descendantIds } from '@/components/filters/tree';

// The organization form's rules (docs/SCREENS.md 'Organizations').

/** The types a form offers: PROVIDER is organization 1's alone. */
export const ORGANIZATION_FORM_TYPES = ['NETWORK', 'HOSPITAL', 'DEPARTMENT'] as const;

export const needsDefaultLocation = (type: string) => (TYPES_NEEDING_DEFAULT_LOCATION as readonly string[]).includes(type);

/** LAVO above PRO above BASIC. */
const rank = (type: AccountType) => ACCOUNT_TYPES.length - ACCOUNT_TYPES.indexOf(type);

/** The account types a caller may give: at most the parent's, and (unless an employee) at most their own. */
export function allowedAccountTypes(parent: Pick<Organization, 'accountType'> | null, own: AccountType, isEmployee: boolean): AccountType[] {
  return ACCOUNT_TYPES.filter((t) => (!parent || rank(t) <= rank(parent.accountType)) && (isEmployee || rank(t) <= rank(own)));
}

/**
 * The locations an organization's default location is chosen among: its own once it has some;
 * until then (a new organization always) those in its parent organization's part of the tree.
 */
export function defaultLocationChoices(organizationId: number | null, parentId: number | null, organizations: readonly Organization[], locations: readonly Group[]): Group[] {
  const usable = locations.filter((l) => l.accessible);
  const own = organizationId === null ? [] : usable.filter((l) => l.organizationId === organizationId);
  if (own.length || parentId === null) return own;
  const below = new Set([parentId, ...descendantIds(organizations, parentId)]);
  return usable.filter((l) => below.has(l.organizationId));
}

export const organizationFormSchema = z
  .object({
    // The request's own name field: required, and nothing invisible in it.
    name: organizationBodySchema.shape.name,
    type: z.string().min(1, 'Type is required'),
    accountType: z.string().min(1, 'Account type is required'),
    defaultLocationId: z.string(),
    // The request's own field: a whole number of seconds within the contract's range.
    auditMatchToleranceSeconds: organizationBodySchema.shape.settings.shape.auditMatchToleranceSeconds.unwrap(),
    hideLeaderboards: z.boolean(),
    retentionDays: organizationBodySchema.shape.settings.shape.retentionDays.unwrap(),
    /** The organization's own locations that are group-only, as the select keeps them (ids as text). */
    groupOnlyLocationIds: z.array(z.string()),
  })
  .superRefine((v, ctx) => {
    if (needsDefaultLocation(v.type) && !v.defaultLocationId) ctx.addIssue({ code: 'custom', path: ['defaultLocationId'], message: 'A default location is required for networks and hospitals' });
  });
export type OrganizationFormValues = z.infer<typeof organizationFormSchema>;
