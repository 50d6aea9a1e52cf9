import { textProblem } from '@contracts/fields';
import type { UserListRow } from '@contracts/user-list';
import { ApiError } from '@/lib/api-client';
import {
  ABOVE_CALLER_MESSAGE,
  CREATE_USER_ERRORS,
  EMAIL_PATTERN,
  EMAIL_RULE_MESSAGE,
  INDIVIDUAL_USER_ROLE_ID,
  SITE_ACCESS_EMAIL_MESSAGE,
  USERNAME_RULE_MESSAGE,
  type UserRoleKind,
} from '@contracts/users-admin';

// The rules of the Add User and Edit User forms and the wording of their failures (docs/SCREENS.md 'Users').

export const GENERIC_ERROR = 'Something went wrong. Try again in a few minutes. If the problem persists, contact the provider support';

export const USER_MESSAGES = {
  created: 'User successfully created',
  updated: 'User successfully updated',
  deactivated: 'User successfully deactivated',
  reactivated: 'User successfully reactivated',
  editFailed: 'Error editing user',
  deactivateFailed: 'Error deactivating user',
  reactivateFailed: 'Error reactivating user',
} as const;

/** What waits for a new address's owner: the invitation, or the verification link, goes to it (docs/PERMISSIONS.md). */
export const pendingEmailNotice = (email: string) =>
  `${email} becomes this user's email once they confirm it, by accepting the invitation or following the link sent to it.`;

/** The message of a saved Edit User: the new address waits for its owner when the answer names one. */
export const updatedText = (answer: { emailPendingVerification: string | null }) =>
  answer.emailPendingVerification ? `${USER_MESSAGES.updated}. ${pendingEmailNotice(answer.emailPendingVerification)}` : USER_MESSAGES.updated;

/** The server's word when it refused to change a user above the caller, else `fallback`. */
export const refusalText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message === ABOVE_CALLER_MESSAGE ? ABOVE_CALLER_MESSAGE : fallback;

/** The list refreshes this long after an activation. */
export const ACTIVATION_REFRESH_MS = 500;
/** Rows per page and users per request. */
export const USERS_PAGE_SIZE = 20;
export const USERS_FETCH_SIZE = 100;

export interface AddUserValues {
  firstName: string;
  lastName: string;
  userName: string;
  email: string;
  clientUserId: string;
  organizationId: number | null;
  professionId: string | null;
  roleId: number | null;
  managedOrganizationIds: number[];
  managedGroupIds: number[];
  accessState: boolean;
}

export const emptyAddUser = (organizationId: number | null): AddUserValues => ({
  firstName: '',
  lastName: '',
  userName: '',
  email: '',
  clientUserId: '',
  organizationId,
  professionId: 'OTHER',
  roleId: INDIVIDUAL_USER_ROLE_ID,
  managedOrganizationIds: [],
  managedGroupIds: [],
  accessState: false,
});

export const isValidEmail = (email: string) => EMAIL_PATTERN.test(email.trim());

/**
 * A name's or an Employee ID's error, if any: invisible or control characters, which the API
 * refuses in every name (a zero-width space, a byte-order mark pasted in with it).
 */
export const nameError = (value: string): string | null => textProblem(value);

/** The username's error, if any: optional, else at least 4 characters, no spaces, nothing invisible. */
export function userNameError(userName: string): string | null {
  if (userName === '') return null;
  return textProblem(userName) ?? (userName.length >= 4 && !/\s/.test(userName) ? null : USERNAME_RULE_MESSAGE);
}

export function emailError(email: string): string | null {
  if (email.trim() === '') return null;
  return textProblem(email) ?? (isValidEmail(email) ? null : EMAIL_RULE_MESSAGE);
}

/** Site access may be granted only with a valid email. */
export function siteAccessError(values: Pick<AddUserValues, 'email' | 'accessState'>): string | null {
  return values.accessState && !isValidEmail(values.email) ? SITE_ACCESS_EMAIL_MESSAGE : null;
}

/** Submit needs first and last name, organization, profession and template, and no name, email or username error. */
export function canSubmitAddUser(values: AddUserValues): boolean {
  return (
    values.firstName.trim() !== '' &&
    values.lastName.trim() !== '' &&
    !nameError(values.firstName) &&
    !nameError(values.lastName) &&
    !nameError(values.clientUserId) &&
    values.organizationId !== null &&
    values.professionId !== null &&
    values.roleId !== null &&
    !userNameError(values.userName) &&
    !emailError(values.email) &&
    !siteAccessError(values)
  );
}

/** ADMIN when any managed organizations were chosen, else END_USER. */
export const roleKindOf = (managedOrganizationIds: readonly number[]): UserRoleKind => (managedOrganizationIds.length > 0 ? 'ADMIN' : 'END_USER');

/** The add-user payload of the form. With site access the username is the email (the identity provider signs in by email). */
export function addUserPayload(values: AddUserValues, clientId: string) {
  const email = values.email.trim().toLowerCase();
  return {
    userName: values.accessState ? null : values.userName.trim() || null,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: email || null,
    professionId: values.professionId ?? 'OTHER',
    organizationId: values.organizationId ?? 0,
    role: roleKindOf(values.managedOrganizationIds),
    roleId: values.roleId ?? INDIVIDUAL_USER_ROLE_ID,
    managedOrganizationIds: values.managedOrganizationIds,
    managedGroupIds: values.managedGroupIds,
    clientUserId: values.clientUserId.trim() || null,
    clientId,
    accessState: values.accessState,
  };
}

/** The create-user failures in people's words, matched on the server's message. */
export function createUserErrorText(error: unknown): string {
  const message = error instanceof ApiError ? error.message : '';
  if (message === 'Validation error') return 'A user with this email or username already exists.';
  if (message === CREATE_USER_ERRORS.userNameTaken) return 'Username already exists. Select a new username';
  if (message === CREATE_USER_ERRORS.emailTaken) return 'A user with this email already exists.';
  if (/expired/i.test(message)) return 'This user account needs to be reset. Please contact support.';
  return GENERIC_ERROR;
}

/** A phone shown as '(xxx) xxx -xxxx' while typed. */
export function formatPhone(value: string): string {
  const digits = stripPhone(value).slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)} -${digits.slice(6)}`;
}

/** The digits of a phone, as saved. */
export const stripPhone = (value: string) => value.replace(/\D/g, '');

/** The set-details body of an edit: only what changed, never an empty name, the phone as digits. */
export function detailsChanges(
  before: { firstName: string; lastName: string; email: string | null; phone: string | null; clientUserId: string | null; professionId: string | null },
  after: { firstName: string; lastName: string; email: string; phone: string; clientUserId: string; professionId: string | null },
) {
  const changes: { firstName?: string; lastName?: string; email?: string | null; phone?: string | null; clientUserId?: string | null; professionId?: string } = {};
  const first = after.firstName.trim();
  const last = after.lastName.trim();
  if (first && first !== before.firstName) changes.firstName = first;
  if (last && last !== before.lastName) changes.lastName = last;
  const email = after.email.trim().toLowerCase();
  if (email !== (before.email ?? '')) changes.email = email || null;
  const phone = stripPhone(after.phone);
  if (phone !== (before.phone ?? '')) changes.phone = phone || null;
  const clientUserId = after.clientUserId.trim();
  if (clientUserId !== (before.clientUserId ?? '')) changes.clientUserId = clientUserId || null;
  if (after.professionId && after.professionId !== before.professionId) changes.professionId = after.professionId;
  return changes;
}

/** A user's name as the tables and messages show it. */
export const userName = (row: Pick<UserListRow, 'firstName' | 'lastName'>) => `${row.firstName} ${row.lastName}`.trim();
