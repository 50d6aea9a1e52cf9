import type { AccountType, PermissionSubject } from '@contracts/permissions';
import type { Role } from '@contracts/entities';

/** What access checks need from a route-table entry. */
export interface AccessRule {
  /** Any one of these grants access. */
  subjects: readonly PermissionSubject[];
  accountTypes: readonly AccountType[];
  /** Only the provider's employees (bootstrap's `user.isEmployee`) may open it (Server Logs). */
  employeesOnly?: boolean;
}

/** The subjects a role grants. */
export function grantedSubjects(role: Pick<Role, 'permissions'> | null | undefined): Set<PermissionSubject> {
  return new Set((role?.permissions ?? []).map((permission) => permission.subject));
}

/** True when the role holds at least one of the subjects. */
export function hasAny(role: Pick<Role, 'permissions'> | null | undefined, subjects: readonly PermissionSubject[]): boolean {
  const granted = grantedSubjects(role);
  return subjects.some((subject) => granted.has(subject));
}

/**
 * True when the role holds one of the rule's subjects, the account type is listed and, for the
 * provider's pages, the user is an employee (`isEmployee`; false when not said, so they stay hidden).
 */
export function allowed(
  rule: AccessRule,
  role: Pick<Role, 'permissions'> | null | undefined,
  accountType: AccountType | null | undefined,
  isEmployee = false,
): boolean {
  return !!accountType && rule.accountTypes.includes(accountType) && (!rule.employeesOnly || isEmployee) && hasAny(role, rule.subjects);
}
