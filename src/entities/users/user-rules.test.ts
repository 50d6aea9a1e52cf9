import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  addUserPayload,
  canSubmitAddUser,
  createUserErrorText,
  detailsChanges,
  emailError,
  emptyAddUser,
  formatPhone,
  GENERIC_ERROR,
  nameError,
  pendingEmailNotice,
  refusalText,
  siteAccessError,
  stripPhone,
  updatedText,
  USER_MESSAGES,
  userNameError,
} from './user-rules';
import { ABOVE_CALLER_MESSAGE } from '@contracts/users-admin';

const filled = { ...emptyAddUser(3), firstName: 'Ada', lastName: 'Lovelace' };

describe('Add User rules', () => {
  it('needs first and last name, organization, profession and template', () => {
    expect(canSubmitAddUser(filled)).toBe(true);
    expect(canSubmitAddUser({ ...filled, firstName: ' ' })).toBe(false);
    expect(canSubmitAddUser({ ...filled, lastName: '' })).toBe(false);
    expect(canSubmitAddUser({ ...filled, organizationId: null })).toBe(false);
    expect(canSubmitAddUser({ ...filled, professionId: null })).toBe(false);
    expect(canSubmitAddUser({ ...filled, roleId: null })).toBe(false);
  });

  it('refuses names, usernames, emails and Employee IDs that hide invisible or control characters', () => {
    expect(nameError('Ada')).toBeNull();
    expect(nameError('Zoë Núñez-O’Brien')).toBeNull();
    expect(nameError('A\u200Bda')).toBe('must not contain invisible or control characters (it has U+200B)');
    expect(nameError('\uFEFFAda')).toBe('must not contain invisible or control characters (it has U+FEFF)');
    expect(userNameError('\u202Eadmin')).toBe('must not contain invisible or control characters (it has U+202E)');
    expect(emailError('ada@exa\u00ADmple.org')).toBe('must not contain invisible or control characters (it has U+00AD)');
    for (const patch of [{ firstName: 'Ada\u200D' }, { lastName: '\u2066Lovelace\u2069' }, { clientUserId: 'E\u20601' }, { userName: 'ada\uFEFF' }]) {
      expect(canSubmitAddUser({ ...filled, ...patch }), JSON.stringify(patch)).toBe(false);
    }
  });

  it('takes an optional username of at least 4 characters without spaces', () => {
    expect(userNameError('')).toBeNull();
    expect(userNameError('abc')).toBe('Must be at least 4 characters, no spaces');
    expect(userNameError('ab cd')).toBe('Must be at least 4 characters, no spaces');
    expect(userNameError('abcd')).toBeNull();
    expect(canSubmitAddUser({ ...filled, userName: 'abc' })).toBe(false);
  });

  it('takes an optional email that must look like one, and grants site access only with one', () => {
    expect(emailError('')).toBeNull();
    expect(emailError('nurse@')).toBe('Invalid email address');
    expect(canSubmitAddUser({ ...filled, email: 'nurse@' })).toBe(false);
    expect(siteAccessError({ email: '', accessState: true })).toBe('Granting site access requires an email');
    expect(siteAccessError({ email: 'n@h.org', accessState: true })).toBeNull();
    expect(canSubmitAddUser({ ...filled, accessState: true })).toBe(false);
  });

  it('sends ADMIN only with managed organizations, and the email as username with site access', () => {
    expect(addUserPayload(filled, 'client')).toMatchObject({ role: 'END_USER', roleId: 4, professionId: 'OTHER', userName: null, email: null, accessState: false });
    expect(addUserPayload({ ...filled, managedOrganizationIds: [3] }, 'client').role).toBe('ADMIN');
    const invited = addUserPayload({ ...filled, email: ' Ada@Example.org ', userName: 'ignored', accessState: true }, 'client');
    expect(invited).toMatchObject({ email: 'ada@example.org', userName: null, accessState: true, clientId: 'client' });
  });

  it('words each create-user failure as the spec says', () => {
    const failure = (message: string) => new ApiError(409, message, { message });
    expect(createUserErrorText(failure('Validation error'))).toBe('A user with this email or username already exists.');
    expect(createUserErrorText(failure('User account already exists'))).toBe('Username already exists. Select a new username');
    expect(createUserErrorText(failure('An account with the email already exists.'))).toBe('A user with this email already exists.');
    expect(createUserErrorText(failure('Temporary password has expired'))).toBe('This user account needs to be reset. Please contact support.');
    expect(createUserErrorText(failure('Something else'))).toBe(GENERIC_ERROR);
    expect(createUserErrorText(new Error('offline'))).toBe(GENERIC_ERROR);
  });
});

describe('Edit User rules', () => {
  it('says when a new email waits for its owner, and why a change of someone above was refused', () => {
    expect(updatedText({ emailPendingVerification: null })).toBe(USER_MESSAGES.updated);
    expect(updatedText({ emailPendingVerification: 'new@h.org' })).toBe(`${USER_MESSAGES.updated}. ${pendingEmailNotice('new@h.org')}`);
    expect(pendingEmailNotice('new@h.org')).toMatch(/^new@h\.org becomes this user's email once they confirm it/);
    expect(refusalText(new ApiError(403, ABOVE_CALLER_MESSAGE, {}), USER_MESSAGES.editFailed)).toBe(ABOVE_CALLER_MESSAGE);
    expect(refusalText(new ApiError(403, 'You do not have permission to do this', {}), USER_MESSAGES.editFailed)).toBe(USER_MESSAGES.editFailed);
    expect(refusalText(new Error('offline'), USER_MESSAGES.deactivateFailed)).toBe(USER_MESSAGES.deactivateFailed);
  });

  it('formats the phone as (xxx) xxx -xxxx while typed and saves its digits', () => {
    expect(formatPhone('555')).toBe('(555');
    expect(formatPhone('555123')).toBe('(555) 123');
    expect(formatPhone('5551234567')).toBe('(555) 123 -4567');
    expect(formatPhone('(555) 123 -45678')).toBe('(555) 123 -4567');
    expect(stripPhone('(555) 123 -4567')).toBe('5551234567');
  });

  it('sends only what changed, never an empty name', () => {
    const before = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@h.org', phone: null, clientUserId: 'E1', professionId: 'NURSE' };
    const same = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@h.org', phone: '', clientUserId: 'E1', professionId: 'NURSE' };
    expect(detailsChanges(before, same)).toEqual({});
    expect(detailsChanges(before, { ...same, firstName: '  ', lastName: 'King' })).toEqual({ lastName: 'King' });
    expect(detailsChanges(before, { ...same, phone: '(555) 123 -4567' })).toEqual({ phone: '5551234567' });
    expect(detailsChanges(before, { ...same, email: '' })).toEqual({ email: null });
  });
});
