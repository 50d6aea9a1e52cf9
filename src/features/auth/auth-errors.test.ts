import { describe, expect, it } from 'vitest';
import { authErrorOutcome, MESSAGES, type AuthFlow } from './auth-errors';

const providerError = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('the authentication error table', () => {
  it.each<[string, string, string, AuthFlow, string]>([
    [
      'password reuse in the current state',
      'NotAuthorizedException',
      'User password cannot be reused in the current state',
      'sign-in',
      'Account verification required. Contact your administrator to receive a new invitation link',
    ],
    [
      'a reset asked for an account still on its temporary password',
      'NotAuthorizedException',
      'User password cannot be reset in the current state.',
      'forgot-password',
      'Account verification required. Contact your administrator to receive a new invitation link',
    ],
    [
      'a disabled user',
      'NotAuthorizedException',
      'User is disabled.',
      'sign-in',
      'User account is disabled. Contact your administrator to be reactivated.',
    ],
    [
      'password attempts exceeded',
      'NotAuthorizedException',
      'Password attempts exceeded',
      'sign-in',
      'Attempt limit exceeded. Account access has been suspended for 1 hour.',
    ],
    [
      'the reset attempt limit',
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
      'forgot-password',
      'Password reset limit reached. Account access has been suspended for 1 hour.',
    ],
    ['an unknown user at sign-in', 'UserNotFoundException', 'User does not exist.', 'sign-in', 'Incorrect username or password.'],
    ['a wrong password', 'NotAuthorizedException', 'Incorrect username or password.', 'sign-in', 'Incorrect username or password.'],
    [
      'a reset that requires a new password',
      'PasswordResetRequiredException',
      'Password reset required for the user',
      'sign-in',
      'A new password is required. A new password confirmation email has been sent to your inbox',
    ],
    [
      'an expired temporary password',
      'NotAuthorizedException',
      'Temporary password has expired and must be reset by an administrator.',
      'sign-in',
      'Temporary password has expired and must be reset by an administrator.',
    ],
  ])('maps %s to its exact message', (_what, name, message, flow, shown) => {
    expect(authErrorOutcome(flow, providerError(name, message)).message).toBe(shown);
  });

  it('answers an unknown user at forgot-password as if the email was sent', () => {
    const outcome = authErrorOutcome('forgot-password', providerError('UserNotFoundException', 'Username/client id combination not found.'));
    expect(outcome).toEqual({ message: 'email sent!', treatAsSent: true });
  });

  it('sends an expired reset link back to forgot-password with its message', () => {
    const outcome = authErrorOutcome('reset', providerError('ExpiredCodeException', 'Invalid code provided, please request a code again.'));
    expect(outcome).toEqual({ message: 'Your link has expired. Please re-enter your email to get a new link', redirect: '/password' });
  });

  it.each<AuthFlow>(['reset', 'account-setup'])('sends too many attempts on %s to sign-in with its message', (flow) => {
    const outcome = authErrorOutcome(flow, providerError('LimitExceededException', 'Attempt limit exceeded, please try after some time.'));
    expect(outcome).toEqual({ message: 'Attempt limit exceeded. Please wait 1 hour before trying again.', redirect: '/auth' });
  });

  it('asks for the confirmation-code step when the user is not confirmed', () => {
    expect(authErrorOutcome('sign-in', providerError('UserNotConfirmedException', 'User is not confirmed.')).step).toBe('confirm-code');
  });

  it('marks a required password reset as a further step', () => {
    expect(authErrorOutcome('sign-in', providerError('PasswordResetRequiredException', 'x')).step).toBe('password-reset-required');
  });

  it('tells invitation-link failures as link failures', () => {
    expect(authErrorOutcome('invitation', providerError('NotAuthorizedException', 'Incorrect username or password.')).message).toBe(
      'The link you have entered is invalid. Please contact an admin for a new one',
    );
    expect(authErrorOutcome('invitation', providerError('UserNotFoundException', 'User does not exist.')).message).toBe(
      MESSAGES.invalidInvitation,
    );
    expect(
      authErrorOutcome('invitation', providerError('NotAuthorizedException', 'Temporary password has expired and must be reset by an administrator.'))
        .message,
    ).toBe('The invitation link has expired, please contact an admin for a new one');
    expect(authErrorOutcome('account-setup', providerError('ExpiredCodeException', 'Invalid code provided')).message).toBe(
      MESSAGES.expiredInvitation,
    );
  });

  it('shows unmapped errors with their raw message', () => {
    expect(authErrorOutcome('sign-in', providerError('InvalidPasswordException', 'Password does not conform to policy')).message).toBe(
      'Password does not conform to policy',
    );
    expect(authErrorOutcome('reset', providerError('CodeMismatchException', 'Invalid verification code provided, please try again.')).message).toBe(
      'Invalid verification code provided, please try again.',
    );
    expect(authErrorOutcome('verify-email', providerError('Error', 'Incorrect confirmation code')).message).toBe('Incorrect confirmation code');
  });

  it('falls back to the reset-email message when sending the link fails without a message', () => {
    expect(authErrorOutcome('forgot-password', providerError('NetworkError', '')).message).toBe('Unable to send password reset email');
  });

  it('does not call a wrong code or a missing account on the forgot-password screen a wrong password', () => {
    expect(authErrorOutcome('forgot-password', providerError('NotAuthorizedException', 'Something else')).message).toBe('Something else');
  });
});
