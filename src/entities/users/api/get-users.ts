import { userEndpoints } from '@contracts/users';
import { type UserListRow, USERS_MAX_TAKE } from '@contracts/user-list';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { fetchAllPages } from '@/lib/fetch-all-pages';
import { userKeys } from './keys';

/** GET /users, page by page: every active user of a location with its descendants (the whole scope without one). */
export function getScopeUsers(groupId: number | null, signal?: AbortSignal): Promise<UserListRow[]> {
  return fetchAllPages(
    async (startingAfter) =>
      (
        await mainApi.call(userEndpoints.list, {
          query: { organizationIds: [], groupId: groupId ?? undefined, active: 'true', take: USERS_MAX_TAKE, startingAfter },
          signal,
        })
      ).data,
    USERS_MAX_TAKE,
  );
}

/**
 * The users of a location for the assign dialogs to pick from; the list is kept for offline use,
 * so a technician can assign on a ward without signal.
 */
export const scopeUsersQueryOptions = (groupId: number | null) =>
  queryOptions({
    queryKey: userKeys.scope(groupId),
    queryFn: ({ signal }) => getScopeUsers(groupId, signal),
  });

export function useScopeUsers(groupId: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({ ...scopeUsersQueryOptions(groupId), enabled: options.enabled ?? true });
}
