import type { Group, Organization } from '@contracts/entities';
import { describe, expect, it } from 'vitest';
import { allowedAccountTypes, defaultLocationChoices, organizationFormSchema } from './organization-rules';

const org = (id: number, parentId: number | null, accountType: Organization['accountType'] = 'PRO'): Organization => ({
  id,
  parentId,
  name: `Org ${id}`,
  type: 'HOSPITAL',
  accountType,
  settings: { defaultLocationId: null, displayDurations: true, displayReminders: false, auditMatchToleranceSeconds: 60, hideLeaderboards: false, retentionDays: 400 },
  accessible: true,
});
const loc = (id: number, organizationId: number, accessible = true) => ({ id, organizationId, accessible, name: `Location ${id}`, parentId: null }) as Group;

describe('organization form rules', () => {
  it('requires a default location for networks and hospitals only', () => {
    const base = { name: 'North', accountType: 'PRO', defaultLocationId: '', auditMatchToleranceSeconds: 60, hideLeaderboards: false, retentionDays: 400, groupOnlyLocationIds: [] };
    expect(organizationFormSchema.safeParse({ ...base, type: 'HOSPITAL' }).success).toBe(false);
    expect(organizationFormSchema.safeParse({ ...base, type: 'NETWORK' }).success).toBe(false);
    expect(organizationFormSchema.safeParse({ ...base, type: 'DEPARTMENT' }).success).toBe(true);
    expect(organizationFormSchema.safeParse({ ...base, type: 'HOSPITAL', defaultLocationId: '2' }).success).toBe(true);
    expect(organizationFormSchema.safeParse({ ...base, name: '  ', type: 'DEPARTMENT' }).success).toBe(false);
  });

  it('takes an audit match tolerance of 10 to 600 whole seconds, as the request does', () => {
    const base = { name: 'North', accountType: 'PRO', defaultLocationId: '', type: 'DEPARTMENT', hideLeaderboards: false, retentionDays: 400, groupOnlyLocationIds: [] };
    for (const ok of [10, 90, 600]) expect(organizationFormSchema.safeParse({ ...base, auditMatchToleranceSeconds: ok }).success, String(ok)).toBe(true);
    for (const bad of [9, 601, 30.5, Number.NaN]) {
      const result = organizationFormSchema.safeParse({ ...base, auditMatchToleranceSeconds: bad });
      expect(result.error?.issues[0]?.message, String(bad)).toBe('must be a whole number from 10 to 600');
    }
  });

  it('never offers an account type above the parent’s, nor above a non-employee’s own', () => {
    expect(allowedAccountTypes(org(3, 2, 'PRO'), 'LAVO', true)).toEqual(['PRO', 'BASIC']);
    expect(allowedAccountTypes(org(2, 1, 'LAVO'), 'PRO', false)).toEqual(['PRO', 'BASIC']);
    expect(allowedAccountTypes(org(1, null, 'LAVO'), 'LAVO', true)).toEqual(['LAVO', 'PRO', 'BASIC']);
  });

  it("chooses the default location among the organization's own locations, else its parent's part of the tree", () => {
    const organizations = [org(1, null), org(2, 1), org(3, 2), org(4, 2)];
    const locations = [loc(10, 2), loc(11, 3), loc(12, 4), loc(13, 3, false)];
    expect(defaultLocationChoices(3, 2, organizations, locations).map((l) => l.id)).toEqual([11]);
    expect(defaultLocationChoices(null, 3, organizations, locations).map((l) => l.id)).toEqual([11]);
    expect(defaultLocationChoices(null, 2, organizations, locations).map((l) => l.id)).toEqual([10, 11, 12]);
  });
});
