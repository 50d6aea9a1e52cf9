import { bootstrapEndpoints, type BootstrapResponse } from '@contracts/bootstrap';
import { queryOptions } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { sessionKeys } from './keys';

/** GET /bootstrap: the user, organizations, users, groups and enums the shell needs. */
export function getBootstrap(userName: string): Promise<BootstrapResponse> {
  return mainApi.call(bootstrapEndpoints.get, { query: { username: userName, loginType: 'WEB_APP' } });
}

export const bootstrapQueryOptions = (userName: string) =>
  queryOptions({
    queryKey: sessionKeys.bootstrap(userName),
    queryFn: () => getBootstrap(userName),
    staleTime: 5 * 60_000,
  });
