import { loadAmplify } from './auth';

/** Amplify's auth calls, once Amplify is loaded and configured. */
async function amplifyAuth() {
  await loadAmplify();
  return import('aws-amplify/auth');
}

/**
 * Which link the reset email carries: 'reset' for forgot password (/reset), 'setup' for an account
 * whose password an administrator reset (/account-setup). It reaches the email template as client metadata.
 */
export type PasswordLinkFlow = 'reset' | 'setup';

/** Sends a reset code to the account's email; answers where it went (the provider may mask it). */
export async function requestPasswordReset(username: string, flow: PasswordLinkFlow = 'reset'): Promise<{ destination: string | null }> {
  const { resetPassword } = await amplifyAuth();
  const result = await resetPassword({ username, options: { clientMetadata: { flow } } });
  return { destination: result.nextStep.codeDeliveryDetails.destination ?? null };
}

/** Sets a new password with the code from a reset or setup link. */
export async function confirmPasswordReset(input: {
  username: string;
  code: string;
  password: string;
  flow?: PasswordLinkFlow;
}): Promise<void> {
  const { confirmResetPassword } = await amplifyAuth();
  await confirmResetPassword({
    username: input.username,
    confirmationCode: input.code,
    newPassword: input.password,
    options: { clientMetadata: { flow: input.flow ?? 'reset' } },
  });
}

/** Answers the sign-in's new-password challenge; the visitor is signed in afterwards. */
export async function completeNewPassword(password: string): Promise<void> {
  const { confirmSignIn } = await amplifyAuth();
  const result = await confirmSignIn({ challengeResponse: password });
  if (!result.isSignedIn && result.nextStep.signInStep !== 'DONE') {
    throw new Error(`Sign-in needs a further step (${result.nextStep.signInStep}) that this app does not support.`);
  }
}

/** Sends a new account-confirmation code; answers where it went. */
export async function resendConfirmationCode(username: string): Promise<{ destination: string | null }> {
  const { resendSignUpCode } = await amplifyAuth();
  const details = await resendSignUpCode({ username });
  return { destination: details.destination ?? null };
}

/** Confirms an account with the code it was sent. */
export async function confirmAccount(username: string, code: string): Promise<void> {
  const { confirmSignUp } = await amplifyAuth();
  await confirmSignUp({ username, confirmationCode: code });
}
