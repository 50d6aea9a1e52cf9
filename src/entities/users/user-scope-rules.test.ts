import { describe, expect, it } from 'vitest';
import { needsScope, sameScope, SCOPE_REQUIRED_MESSAGE, scopeError, scopeForOrganization, scopeForTemplate, scopeOfRow } from './user-scope-rules';

const form = (organizationId: number | null, managedOrganizationIds: number[] = [], managedGroupIds: number[] = []) => ({ organizationId, managedOrganizationIds, managedGroupIds });

describe('what a user may see', () => {
  it('is needed by every template that opens more than the person’s own figures', () => {
    expect(needsScope({ permissions: [{ subject: 'USER_OVERVIEW' }] })).toBe(false);
    expect(needsScope({ permissions: [] })).toBe(false);
    expect(needsScope({ permissions: [{ subject: 'USER_OVERVIEW' }, { subject: 'STAFF_ROUNDING' }] })).toBe(true);
    expect(needsScope({ permissions: [{ subject: 'BADGES' }] })).toBe(true);
  });

  it('is asked for while such a template has none', () => {
    expect(scopeError(true, form(3))).toBe(SCOPE_REQUIRED_MESSAGE);
    expect(scopeError(true, form(3, [], [6]))).toBeNull();
    expect(scopeError(false, form(3))).toBeNull();
  });

  it('starts at the user’s organization when such a template is chosen, and is cleared by Individual User', () => {
    expect(scopeForTemplate(form(5), 7, true)).toEqual(form(5, [5]));
    expect(scopeForTemplate(form(5, [], [6]), 7, true)).toEqual(form(5, [], [6]));
    expect(scopeForTemplate(form(null), 7, true)).toEqual(form(null));
    expect(scopeForTemplate(form(5, [5], [6]), 4, false)).toEqual(form(5));
  });

  it('follows the organization while it is still the default, and stays once chosen', () => {
    expect(scopeForOrganization(form(5, [5]), 7)).toEqual(form(7, [7]));
    expect(scopeForOrganization(form(5, [3]), 7)).toEqual(form(7, [3]));
    expect(scopeForOrganization(form(5, [5], [6]), 7)).toEqual(form(7, [5], [6]));
    expect(scopeForOrganization(form(5), 7)).toEqual(form(7));
  });

  it('reads a listed user’s active entries and compares without order', () => {
    const row = { managedOrganizations: [{ organizationId: 5, active: true }, { organizationId: 9, active: false }], managedGroups: [{ groupId: 6, active: true }] };
    expect(scopeOfRow(row)).toEqual({ managedOrganizationIds: [5], managedGroupIds: [6] });
    expect(scopeOfRow({})).toEqual({ managedOrganizationIds: [], managedGroupIds: [] });
    expect(sameScope({ managedOrganizationIds: [5, 3], managedGroupIds: [] }, { managedOrganizationIds: [3, 5], managedGroupIds: [] })).toBe(true);
    expect(sameScope({ managedOrganizationIds: [5], managedGroupIds: [] }, { managedOrganizationIds: [5], managedGroupIds: [6] })).toBe(false);
  });
});
