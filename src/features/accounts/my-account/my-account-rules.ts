// My Account's wording (03 §2 'My account', §8) and rules.

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

/** The password popup's error before sending, if any. */
export function passwordMismatch(password: string, confirmation: string): string | null {
  return confirmation !== '' && password !== confirmation ? MY_ACCOUNT_MESSAGES.passwordsDiffer : null;
}
