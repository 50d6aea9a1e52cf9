import { wearableListSchema } from '@contracts/wearables-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { badgeKeys } from './keys';

/**
 * Every badge of a location (with its descendants; the whole scope without). Status and search
 * filter it on the device, so the table works the same on a ward without signal (the list is kept
 * for offline use with the rest of the query cache).
 */
export function badgesQueryOptions(groupId: number | null) {
  return queryOptions({
    queryKey: badgeKeys.list(groupId),
    queryFn: async ({ signal }) => {
      const answer = await mainApi.get('/devices/wearables', {
        query: { type: 'BADGE', groupId: groupId ?? undefined },
        schema: wearableListSchema,
        signal,
      });
      return answer.data;
    },
  });
}

export function useBadges(groupId: number | null) {
  return useQuery(badgesQueryOptions(groupId));
}
