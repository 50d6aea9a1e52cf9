import { HISTORY_DEFAULT_TAKE, type HistoryResponse, wearableEndpoints } from '@contracts/wearables';
import { useInfiniteQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { deviceKeys } from './keys';

/** GET /devices/{id}/history: one page of a device's assignment history, newest first. */
export function getDeviceHistory(deviceId: number, startingAfter: string | undefined, signal?: AbortSignal): Promise<HistoryResponse> {
  return mainApi.call(wearableEndpoints.deviceHistory, {
    params: { id: deviceId },
    query: { take: HISTORY_DEFAULT_TAKE, startingAfter },
    signal,
  });
}

/** A device's assignment history, newest first, 45 entries a request. */
export function useDeviceHistory(deviceId: number | null) {
  return useInfiniteQuery({
    queryKey: deviceKeys.history(deviceId ?? 0),
    enabled: deviceId !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => getDeviceHistory(deviceId ?? 0, pageParam, signal),
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
  });
}
