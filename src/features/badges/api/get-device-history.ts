import { HISTORY_DEFAULT_TAKE, historyResponseSchema } from '@contracts/wearables-admin';
import { useInfiniteQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { badgeKeys } from './keys';

/** A device's assignment history, newest first, 45 entries a request. */
export function useDeviceHistory(deviceId: number | null) {
  return useInfiniteQuery({
    queryKey: badgeKeys.history(deviceId ?? 0),
    enabled: deviceId !== null,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      mainApi.get(`/devices/${deviceId}/history`, {
        query: { take: HISTORY_DEFAULT_TAKE, startingAfter: pageParam },
        schema: historyResponseSchema,
        signal,
      }),
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
  });
}
