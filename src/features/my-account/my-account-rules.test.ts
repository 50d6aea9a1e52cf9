import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { emailVerificationNotice, MY_ACCOUNT_MESSAGES, MY_ACCOUNT_TITLES, passwordFailureText, passwordMismatch } from './my-account-rules';

describe('My Account rules', () => {
  it('says the passwords differ only once the confirmation is typed and differs', () => {
    expect(passwordMismatch('Ward7!clean', '')).toBeNull();
    expect(passwordMismatch('Ward7!clean', 'Ward7!clean')).toBeNull();
    expect(passwordMismatch('Ward7!clean', 'Ward7!cleam')).toBe("It looks like the passwords don't match. Try again!");
  });

  it('words the email change and the popup titles as the spec does', () => {
    expect(emailVerificationNotice('a@b.org')).toBe('Please follow the link in the email sent to "a@b.org" to verify your change.');
    expect(Object.values(MY_ACCOUNT_TITLES)).toEqual(['Change your name', 'Change your email', 'Change your phone number', 'Set your password']);
  });

  it('gives the identity provider’s reason for a refused password, and only the sentence for a server fault', () => {
    expect(passwordFailureText(new ApiError(400, 'Password does not conform to policy: Password not long enough', undefined))).toBe(
      `${MY_ACCOUNT_MESSAGES.passwordFailed} Password does not conform to policy: Password not long enough`,
    );
    expect(passwordFailureText(new ApiError(500, 'Internal Server Error', undefined))).toBe(MY_ACCOUNT_MESSAGES.passwordFailed);
    expect(passwordFailureText(new TypeError('Failed to fetch'))).toBe(MY_ACCOUNT_MESSAGES.passwordFailed);
  });
});
