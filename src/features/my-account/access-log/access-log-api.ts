import { useInfiniteQuery } from '@tanstack/react-query';
import { ACCESS_LOG_MAX_TAKE, ACCESS_LOG_TAKE, privacyEndpoints, type AccessLogRow } from '@contracts/privacy';
import { mainApi } from '@/lib/api-client';
import { KEEP_ON_DEVICE } from '@/lib/query-client';
import { fetchAllPages } from '@/lib/fetch-all-pages';

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
    getNextPageParam: (last, pages) => {
      const seen = pages.reduce((n, p) => n + p.data.length, 0);
      return seen < last.totalCount && last.data.length > 0 ? last.data.at(-1)?.id : undefined;
    },
  });
}

/** Every row of the access log, for the export. */
export function allAccessLogRows(): Promise<AccessLogRow[]> {
  return fetchAllPages(
    async (startingAfter) => (await mainApi.call(privacyEndpoints.accessLog, { query: { take: ACCESS_LOG_MAX_TAKE, startingAfter } })).data,
    ACCESS_LOG_MAX_TAKE,
  );
}
