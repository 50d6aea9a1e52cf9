import { ApiError } from '@/lib/api-client';
// My Account's wording and rules (docs/SCREENS.md 'My Account').

export const MY_ACCOUNT_TITLES = {
  name: 'Change your name',
  email: 'Change your email',
  phone: 'Change your phone number',
  password: 'Set your password',
} as const;

export const MY_ACCOUNT_MESSAGES = {
  updated: 'Successfully updated!',
  accountFailed: 'Uh oh something went wrong and we were unable to update your account.',
  passwordFailed: 'Uh oh something went wrong and we were unable to update your password.',
  passwordsDiffer: "It looks like the passwords don't match. Try again!",
} as const;

/** The notice after an email change: the new address must be verified through the emailed link. */
export const emailVerificationNotice = (email: string) => `Please follow the link in the email sent to "${email}" to verify your change.`;

/**
 * A refused password change in words: the spec's sentence, with the identity provider's reason
 * when it gave one (a password it judged too weak or reused); a server fault keeps the sentence alone.
 */
export function passwordFailureText(error: unknown): string {
  const reason = error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message.trim() : '';
  return reason ? `${MY_ACCOUNT_MESSAGES.passwordFailed} ${reason}` : MY_ACCOUNT_MESSAGES.passwordFailed;
}

/** The password popup's error before sending, if any. */
export function passwordMismatch(password: string, confirmation: string): string | null {
  return confirmation !== '' && password !== confirmation ? MY_ACCOUNT_MESSAGES.passwordsDiffer : null;
}
