import { userEndpoints, type UsernameResponse } from '@contracts/users';
import { queryOptions } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { sessionKeys } from './keys';

/** GET /users/username: resolves what was typed at sign-in (email or username) to the user name. */
export function getUsername(signInName: string): Promise<UsernameResponse> {
  return mainApi.call(userEndpoints.byUsername, { query: { username: signInName } });
}

export const usernameQueryOptions = (signInName: string) =>
  queryOptions({
    queryKey: sessionKeys.username(signInName),
    queryFn: () => getUsername(signInName),
    // A user's name does not change during a session.
    staleTime: Infinity,
  });
