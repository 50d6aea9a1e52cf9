import { wearableEndpoints, type WearableRow } from '@contracts/wearables';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { operationKeys } from '@/entities/device-operations/api/keys';
import { mainApi } from '@/lib/api-client';

/** GET /devices/wearables?type=WRISTBAND: the wristbands of a location and its sublocations, with their operations. */
export async function getWristbands(groupId: number, signal?: AbortSignal): Promise<WearableRow[]> {
  const answer = await mainApi.call(wearableEndpoints.list, { query: { type: 'WRISTBAND', groupId }, signal });
  return answer.data;
}

/**
 * A location's wristbands, under the operations lists' key: a queued or cancelled operation
 * refreshes it with the other operations lists, and live events update it the same way. Status
 * and search filter it on the device; it is kept for offline use with the rest of the query cache.
 */
export function wristbandsQueryOptions(groupId: number | null) {
  return queryOptions({
    queryKey: operationKeys.list('WRISTBAND', groupId),
    queryFn: ({ signal }) => getWristbands(groupId ?? 0, signal),
    enabled: groupId !== null,
  });
}

export function useWristbands(groupId: number | null) {
  return useQuery(wristbandsQueryOptions(groupId));
}
