import { useInfiniteQuery } from '@tanstack/react-query';
import { ACCESS_LOG_MAX_TAKE, ACCESS_LOG_TAKE, privacyEndpoints, type AccessLogRow } from '@contracts/privacy';
import { mainApi } from '@/lib/api-client';
import { KEEP_ON_DEVICE } from '@/lib/query-client';
import { fetchAllCounted, nextAfterLastId } from '@/lib/fetch-all-pages';

/** Cache keys of the signed-in person's access log. */
export const accessLogKeys = { all: ['privacy', 'access-log'] as const };

/** GET /privacy/access-log, ACCESS_LOG_TAKE rows at a time, newest first. */
export function useAccessLog() {
  return useInfiniteQuery({
    queryKey: accessLogKeys.all,
    // Someone may have looked since: read afresh whenever My Account opens.
    staleTime: 0,
    refetchOnMount: 'always',
    // Who looked at whose data is not left on the device.
    meta: { [KEEP_ON_DEVICE]: false },
    queryFn: ({ pageParam, signal }) => mainApi.call(privacyEndpoints.accessLog, { query: { take: ACCESS_LOG_TAKE, startingAfter: pageParam }, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextAfterLastId,
  });
}

/** Every row of the access log, for the export: pages of ACCESS_LOG_MAX_TAKE until the total is read or a page comes back short. */
export function allAccessLogRows(): Promise<AccessLogRow[]> {
  return fetchAllCounted((startingAfter) => mainApi.call(privacyEndpoints.accessLog, { query: { take: ACCESS_LOG_MAX_TAKE, startingAfter } }), ACCESS_LOG_MAX_TAKE);
}
