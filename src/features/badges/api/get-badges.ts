import { wearableEndpoints, type WearableRow } from '@contracts/wearables';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { badgeKeys } from './keys';

/** GET /devices/wearables: every badge of a location (with its descendants; the whole scope without). */
export async function getBadges(groupId: number | null, signal?: AbortSignal): Promise<WearableRow[]> {
  const answer = await mainApi.call(wearableEndpoints.list, { query: { type: 'BADGE', groupId: groupId ?? undefined }, signal });
  return answer.data;
}

/**
 * Every badge of a location. Status and search filter it on the device, so the table works the
 * same on a ward without signal (the list is kept for offline use with the rest of the query cache).
 */
export function badgesQueryOptions(groupId: number | null) {
  return queryOptions({
    queryKey: badgeKeys.list(groupId),
    queryFn: ({ signal }) => getBadges(groupId, signal),
  });
}

export function useBadges(groupId: number | null) {
  return useQuery(badgesQueryOptions(groupId));
}
