import { useMutation } from '@tanstack/react-query';
import { signInWithPassword, type SignInOutcome } from '@/lib/auth';
import type { SignIn } from '../schemas';
import { authKeys } from './keys';

/** Signs in with the identity provider (not an API call: Amplify talks to Cognito). */
export function signIn({ login, password }: SignIn): Promise<SignInOutcome> {
  return signInWithPassword(login, password);
}

export function useSignIn() {
  return useMutation({ mutationKey: authKeys.signIn(), mutationFn: signIn });
}
