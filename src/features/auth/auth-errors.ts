/**
 * The sign-in error table: what an identity-provider error becomes on each authentication screen.
 * Rows are matched in order; the first match wins. Unmapped errors show the provider's message.
 */

/** Where an error happened: each screen reads the table for its own flow. */
export type AuthFlow =
  /** The sign-in form. */
  | 'sign-in'
  /** Automatic sign-in from an invitation link (username + temp_pass). */
  | 'invitation'
  /** Forgot password: asking for a reset link. */
  | 'forgot-password'
  /** Create New Password from a reset link. */
  | 'reset'
  /** Setup Your Account from a setup link. */
  | 'account-setup'
  /** Choosing a new password in place of a temporary one. */
  | 'new-password'
  /** Entering the code that confirms an account. */
  | 'confirm-code'
  /** Verifying an email address from a link. */
  | 'verify-email';

export const MESSAGES = {
  reuseInCurrentState: 'Account verification required. Contact your administrator to receive a new invitation link',
  disabled: 'User account is disabled. Contact your administrator to be reactivated.',
  passwordAttemptsExceeded: 'Attempt limit exceeded. Account access has been suspended for 1 hour.',
  resetLimitReached: 'Password reset limit reached. Account access has been suspended for 1 hour.',
  emailSent: 'email sent!',
  incorrectCredentials: 'Incorrect username or password.',
  passwordResetRequired: 'A new password is required. A new password confirmation email has been sent to your inbox',
  temporaryPasswordExpired: 'Temporary password has expired and must be reset by an administrator.',
  linkExpired: 'Your link has expired. Please re-enter your email to get a new link',
  attemptLimitExceeded: 'Attempt limit exceeded. Please wait 1 hour before trying again.',
  invalidInvitation: 'The link you have entered is invalid. Please contact an admin for a new one',
  expiredInvitation: 'The invitation link has expired, please contact an admin for a new one',
  resetEmailFailed: 'Unable to send password reset email',
  verificationNeedsSignIn:
    'Email verification requires that you are logged in to complete. Please login and click the link again.',
  successfullyUpdated: 'Successfully updated!',
  generic: 'uh oh something went wrong',
} as const;

/** Why /auth opened by itself: the session could not be renewed. */
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** What a screen does with an error. */
export interface AuthErrorOutcome {
  /** The text to show (on the destination screen when there is one). */
  message: string;
  /** Leave this screen for another, showing `message` there. */
  redirect?: '/password' | '/auth';
  /** A further step instead of an error: the account must be confirmed, or its password reset. */
  step?: 'confirm-code' | 'password-reset-required';
  /** The outcome looks like success to the user (never reveals whether an account exists). */
  treatAsSent?: boolean;
}

interface Row {
  name?: string;
  /** Matches when the provider's message starts with this. */
  message?: string;
  /** The flows this row applies to; every flow when absent. */
  flows?: readonly AuthFlow[];
  outcome: AuthErrorOutcome;
}

const LINK_FLOWS = ['reset', 'account-setup'] as const;

const TABLE: readonly Row[] = [
  // The invitation link is the credential: its failures are told as link failures.
  {
    message: 'Temporary password has expired',
    flows: ['invitation'],
    outcome: { message: MESSAGES.expiredInvitation },
  },
  { name: 'NotAuthorizedException', flows: ['invitation'], outcome: { message: MESSAGES.invalidInvitation } },
  { name: 'UserNotFoundException', flows: ['invitation'], outcome: { message: MESSAGES.invalidInvitation } },
  { name: 'ExpiredCodeException', flows: ['account-setup'], outcome: { message: MESSAGES.expiredInvitation } },
  { name: 'ExpiredCodeException', flows: ['reset'], outcome: { message: MESSAGES.linkExpired, redirect: '/password' } },
  { name: 'LimitExceededException', flows: LINK_FLOWS, outcome: { message: MESSAGES.attemptLimitExceeded, redirect: '/auth' } },
  { message: 'User password cannot be reused in the current state', outcome: { message: MESSAGES.reuseInCurrentState } },
  // Cognito's own wording when a reset is asked for an account still on its temporary password.
  { message: 'User password cannot be reset in the current state', outcome: { message: MESSAGES.reuseInCurrentState } },
  { message: 'User is disabled.', outcome: { message: MESSAGES.disabled } },
  { message: 'Password attempts exceeded', outcome: { message: MESSAGES.passwordAttemptsExceeded } },
  { message: 'Attempt limit exceeded, please try after some time.', outcome: { message: MESSAGES.resetLimitReached } },
  {
    message: 'Username/client id combination not found.',
    outcome: { message: MESSAGES.emailSent, treatAsSent: true },
  },
  {
    message: 'Temporary password has expired',
    outcome: { message: MESSAGES.temporaryPasswordExpired },
  },
  {
    name: 'PasswordResetRequiredException',
    flows: ['sign-in', 'invitation'],
    outcome: { message: MESSAGES.passwordResetRequired, step: 'password-reset-required' },
  },
  { name: 'UserNotConfirmedException', flows: ['sign-in', 'invitation'], outcome: { message: '', step: 'confirm-code' } },
  { message: 'User does not exist.', flows: ['sign-in'], outcome: { message: MESSAGES.incorrectCredentials } },
  { name: 'UserNotFoundException', flows: ['sign-in'], outcome: { message: MESSAGES.incorrectCredentials } },
  { name: 'NotAuthorizedException', flows: ['sign-in'], outcome: { message: MESSAGES.incorrectCredentials } },
];

function describe(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  if (error && typeof error === 'object') {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return { name: typeof name === 'string' ? name : '', message: typeof message === 'string' ? message : '' };
  }
  return { name: '', message: typeof error === 'string' ? error : '' };
}

/** Reads the table for `error` on the screen of `flow`. */
export function authErrorOutcome(flow: AuthFlow, error: unknown): AuthErrorOutcome {
  const { name, message } = describe(error);
  const row = TABLE.find(
    (r) =>
      (!r.flows || r.flows.includes(flow)) &&
      (r.name === undefined || r.name === name) &&
      (r.message === undefined || message.startsWith(r.message)),
  );
  if (row) return row.outcome;
  if (flow === 'forgot-password') return { message: message || MESSAGES.resetEmailFailed };
  return { message: message || MESSAGES.generic };
}
