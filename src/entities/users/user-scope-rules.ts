import { templateNeedsScope } from '@contracts/permissions';
import { INDIVIDUAL_USER_ROLE_ID } from '@contracts/users-admin';
import type { UserListRow } from '@contracts/user-list';

// What a user may see (docs/PERMISSIONS.md 'Scope'): the organizations and locations Add User and
// Edit User's Access tab give them, and when a template needs them.

/** The organizations and locations a user may see, as the forms edit them. */
export interface ScopeValues {
  managedOrganizationIds: number[];
  managedGroupIds: number[];
}

/** Under the pickers while a template that needs a scope has none. */
export const SCOPE_REQUIRED_MESSAGE = 'Choose the organizations or locations this user may see: their template opens reports or lists of an organization.';

export const SCOPE_MESSAGES = {
  updated: 'Access successfully updated',
  updateFailed: 'Error updating access',
  self: 'You cannot change your own access.',
} as const;

/** Whether a template (its permissions) opens pages of an organization's data and so needs a scope. */
export const needsScope = (template: { permissions: readonly { subject: string }[] }) => templateNeedsScope(template.permissions.map((p) => p.subject));

const isEmpty = (values: ScopeValues) => values.managedOrganizationIds.length === 0 && values.managedGroupIds.length === 0;

/** The pickers' error: a template that needs a scope with nothing chosen. */
export const scopeError = (templateNeedsIt: boolean, values: ScopeValues): string | null => (templateNeedsIt && isEmpty(values) ? SCOPE_REQUIRED_MESSAGE : null);

/**
 * The scope after the template changed: 'Individual User' clears it; a template that needs
 * one, chosen with none yet, starts at the user's own organization.
 */
export function scopeForTemplate<V extends ScopeValues & { organizationId: number | null }>(values: V, roleId: number | null, templateNeedsIt: boolean): V {
  if (roleId === INDIVIDUAL_USER_ROLE_ID) return { ...values, managedOrganizationIds: [], managedGroupIds: [] };
  if (templateNeedsIt && isEmpty(values) && values.organizationId !== null) return { ...values, managedOrganizationIds: [values.organizationId] };
  return values;
}

/** The scope after the user's organization changed: a scope still at the old organization (the default) follows it. */
export function scopeForOrganization<V extends ScopeValues & { organizationId: number | null }>(values: V, organizationId: number | null): V {
  const atDefault = values.organizationId !== null && values.managedGroupIds.length === 0 && values.managedOrganizationIds.length === 1 && values.managedOrganizationIds[0] === values.organizationId;
  if (!atDefault) return { ...values, organizationId };
  return { ...values, organizationId, managedOrganizationIds: organizationId === null ? [] : [organizationId] };
}

/** A listed user's scope (the Users list expands it), the active entries only. */
export const scopeOfRow = (row: Pick<UserListRow, 'managedOrganizations' | 'managedGroups'>): ScopeValues => ({
  managedOrganizationIds: (row.managedOrganizations ?? []).filter((m) => m.active).map((m) => m.organizationId),
  managedGroupIds: (row.managedGroups ?? []).filter((m) => m.active).map((m) => m.groupId),
});

/** Whether two scopes hold the same organizations and locations. */
export const sameScope = (a: ScopeValues, b: ScopeValues) => {
  const same = (x: readonly number[], y: readonly number[]) => x.length === y.length && [...x].sort().join() === [...y].sort().join();
  return same(a.managedOrganizationIds, b.managedOrganizationIds) && same(a.managedGroupIds, b.managedGroupIds);
};
