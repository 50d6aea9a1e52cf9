import { accountAccessEndpoints, type UserVerifyEmailBody, type UserVerifyEmailResponse } from '@contracts/account-access';
import { useMutation } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { getAccessToken } from '@/lib/auth';
import { MESSAGES } from '../auth-errors';
import { authKeys } from './keys';

/** POST /users/user-verify-email: confirms the signed-in user's email with the code from their link. */
export function userVerifyEmail(body: UserVerifyEmailBody): Promise<UserVerifyEmailResponse> {
  return mainApi.call(accountAccessEndpoints.userVerifyEmail, { body });
}

/** Verifies `email` with `code`, authorized by the current access token. */
export async function verifyEmailWithCode({ email, code }: { email: string; code: string }): Promise<UserVerifyEmailResponse> {
  const jwtToken = await getAccessToken();
  if (!jwtToken) throw new Error(MESSAGES.verificationNeedsSignIn);
  return userVerifyEmail({ jwtToken, email, code });
}

export function useVerifyEmail() {
  return useMutation({ mutationKey: authKeys.verifyEmail(), mutationFn: verifyEmailWithCode });
}
