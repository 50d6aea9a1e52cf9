import { HISTORY_DEFAULT_TAKE, type HistoryResponse, wearableEndpoints } from '@contracts/wearables';
import { useInfiniteQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';

/** GET /users/{id}/history: one page of a user's wearable assignments, newest first. */
export function getUserHistory(userId: number, startingAfter: string | undefined, signal?: AbortSignal): Promise<HistoryResponse> {
  return mainApi.call(wearableEndpoints.userHistory, { params: { id: userId }, query: { take: HISTORY_DEFAULT_TAKE, startingAfter }, signal });
}

/** A user's assignment history, newest first, 45 entries a request. */
export function useUserHistory(userId: number | null) {
  return useInfiniteQuery({
    // Under the devices' history keys, so an assignment or unassignment refreshes it too.
    queryKey: ['devices', 'history', 'user', userId ?? 0],
    enabled: userId !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => getUserHistory(userId ?? 0, pageParam, signal),
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
  });
}
