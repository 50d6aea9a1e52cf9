import { userAdminEndpoints, type SetDetailsBody, type SetScopeBody } from '@contracts/users-admin';
import { userEndpoints } from '@contracts/users';
import type { CreateUserBody } from '@contracts/users-admin';
import type { UserListExpansion, UserListRow } from '@contracts/user-list';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '@/entities/users/api/keys';
import { mainApi } from '@/lib/api-client';
import { fetchAllPages } from '@/lib/fetch-all-pages';
import { USERS_FETCH_SIZE } from '../user-rules';

/** The Users screen's cache entries (under the user lists', so an assignment refreshes them too). */
export const usersPageKeys = {
  all: [...userKeys.all, 'accounts'] as const,
  list: (organizationIds: readonly number[], search: string, professionId: string | null) =>
    [...usersPageKeys.all, organizationIds, search, professionId] as const,
};

/** What a users screen lists: the organizations' users matching the search, with what each row carries. */
export interface UsersQuery {
  organizationIds: readonly number[];
  search: string;
  professionId?: string | null;
  expand: UserListExpansion[];
  /** Users per request (100 on the Users screen, 80 on Access Management). */
  take: number;
}

/** GET /users, every page of it. */
export function getUsers(q: UsersQuery, signal?: AbortSignal): Promise<UserListRow[]> {
  return fetchAllPages(
    async (startingAfter) =>
      (
        await mainApi.call(userEndpoints.list, {
          query: {
            organizationIds: [...q.organizationIds],
            search: q.search || undefined,
            professionId: q.professionId ?? undefined,
            expand: q.expand,
            take: q.take,
            startingAfter,
          },
          signal,
        })
      ).data,
    q.take,
  );
}

/** The Users screen's list: 100 a request, with the sign-in account, the wearable and the scope (Edit User's Access tab) of each user. */
export function getUsersOf(organizationIds: readonly number[], search: string, professionId: string | null, signal?: AbortSignal): Promise<UserListRow[]> {
  return getUsers(
    { organizationIds, search, professionId, expand: ['cognito', 'device', 'managedOrganizations', 'managedGroups'], take: USERS_FETCH_SIZE },
    signal,
  );
}

export const usersOfQueryOptions = (organizationIds: readonly number[], search: string, professionId: string | null) =>
  queryOptions({
    queryKey: usersPageKeys.list(organizationIds, search, professionId),
    queryFn: ({ signal }) => getUsersOf(organizationIds, search, professionId, signal),
    enabled: organizationIds.length > 0,
  });

export function useUsersOf(organizationIds: readonly number[], search: string, professionId: string | null) {
  return useQuery(usersOfQueryOptions(organizationIds, search, professionId));
}

/** POST /users. */
export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserBody) => mainApi.call(userAdminEndpoints.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** PUT /users/{id}/set-details. */
export function useSetUserDetails() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SetDetailsBody }) => mainApi.call(userAdminEndpoints.setDetails, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** PUT /users/{id}/set-scope: the organizations and locations the user may see. */
export function useSetUserScope() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SetScopeBody }) => mainApi.call(userAdminEndpoints.setScope, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** PUT /users/{id}/set-active; the caller refreshes the list (an activation after 500 ms). */
export function useSetUserActive() {
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => mainApi.call(userAdminEndpoints.setActive, { params: { id }, body: { active } }),
  });
}
