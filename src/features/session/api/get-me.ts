import { userV2Endpoints, type MeResponse } from '@contracts/users';
import { queryOptions } from '@tanstack/react-query';
import { v2Api } from '@/lib/api-client';
import { sessionKeys } from './keys';

/** GET /users/me on the newer API: the caller's role and its permissions. */
export function getMe(): Promise<MeResponse> {
  return v2Api.call(userV2Endpoints.me, {});
}

export const meQueryOptions = (userName: string) =>
  queryOptions({
    queryKey: sessionKeys.me(userName),
    queryFn: getMe,
    // Read again at every start (in the background: the cached answer shows at once) and on focus,
    // so a changed template reaches the menus without waiting for a new sign-in.
    staleTime: 0,
  });
