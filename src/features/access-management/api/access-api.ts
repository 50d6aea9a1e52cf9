import { accountAccessEndpoints, type ResendInviteResponse } from '@contracts/account-access';
import { userAdminEndpoints, type SetSiteAccessResponse } from '@contracts/users-admin';
import type { UserListRow } from '@contracts/user-list';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { userKeys } from '@/entities/users/api/keys';
import { mainApi } from '@/lib/api-client';
import { getConfig } from '@/lib/config';
import { getUsers } from '@/entities/users/api/users-api';
import { ACCESS_FETCH_SIZE } from '../access-rules';

/** Access Management's cache entries (under the user lists', so other screens' changes refresh them too). */
export const accessKeys = {
  all: [...userKeys.all, 'access'] as const,
  list: (organizationIds: readonly number[], search: string) => [...accessKeys.all, organizationIds, search] as const,
};

/** GET /users with each user's sign-in account, 80 a request. */
export const accessUsersQueryOptions = (organizationIds: readonly number[], search: string) =>
  queryOptions({
    queryKey: accessKeys.list(organizationIds, search),
    queryFn: ({ signal }): Promise<UserListRow[]> => getUsers({ organizationIds, search, expand: ['cognito'], take: ACCESS_FETCH_SIZE }, signal),
    enabled: organizationIds.length > 0,
  });

export function useAccessUsers(organizationIds: readonly number[], search: string) {
  return useQuery(accessUsersQueryOptions(organizationIds, search));
}

/** PUT /users/{id}/site-access: Revoke Access (false) or Grant Access (true). */
export function setSiteAccess(id: number, granted: boolean): Promise<SetSiteAccessResponse> {
  return mainApi.call(userAdminEndpoints.setSiteAccess, { params: { id }, body: { granted } });
}

/** POST /users/resend-invite: Invite User (the server re-enables a disabled account first). */
export function inviteUser(userName: string): Promise<ResendInviteResponse> {
  return mainApi.call(accountAccessEndpoints.resendInvite, { body: { Username: userName, clientId: getConfig().cognito.userPoolClientId } });
}
