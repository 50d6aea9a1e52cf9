import { type UserListRow, USERS_MAX_TAKE, userListSchema } from '@contracts/wearables-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { fetchAllPages } from '@/lib/fetch-all-pages';

/** Cache keys of user lists; an assignment invalidates all of them. */
export const userKeys = {
  all: ['users'] as const,
  scope: (groupId: number | null) => ['users', 'scope', groupId] as const,
};

/**
 * Every active user of a location (with its descendants; the whole scope without), fetched page by
 * page. The assign dialogs pick from it and it is kept for offline use, so a technician can assign
 * on a ward without signal.
 */
export function scopeUsersQueryOptions(groupId: number | null) {
  return queryOptions({
    queryKey: userKeys.scope(groupId),
    queryFn: ({ signal }) =>
      fetchAllPages(
        async (startingAfter) =>
          (
            await mainApi.get('/users', {
              query: { groupId: groupId ?? undefined, active: 'true', take: USERS_MAX_TAKE, startingAfter },
              schema: userListSchema,
              signal,
            })
          ).data,
        USERS_MAX_TAKE,
      ),
  });
}

export function useScopeUsers(groupId: number | null, options: { enabled?: boolean } = {}) {
  return useQuery({ ...scopeUsersQueryOptions(groupId), enabled: options.enabled ?? true });
}

/** 'Dana Ortiz' (or the user name when both names are empty). */
export function userLabel(user: Pick<UserListRow, 'firstName' | 'lastName' | 'userName'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.userName;
}
