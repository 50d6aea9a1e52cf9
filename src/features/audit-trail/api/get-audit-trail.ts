import { ACCESS_LOG_MAX_TAKE, ACCESS_LOG_TAKE, privacyEndpoints, type AuditTrailRow } from '@contracts/privacy';
import { useInfiniteQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { KEEP_ON_DEVICE } from '@/lib/query-client';
import { fetchAllPages } from '@/lib/fetch-all-pages';
import type { AuditTrailFilter } from '../audit-trail-search';
import { auditTrailKeys } from './keys';

/** GET /audit-events, one page: the events matching `filter` after the id `startingAfter`, newest first. */
export function getAuditTrailPage(filter: AuditTrailFilter, take: number, startingAfter?: number, signal?: AbortSignal) {
  return mainApi.call(privacyEndpoints.auditTrail, { query: { ...filter, take, startingAfter }, signal });
}

/**
 * The trail matching `filter`, ACCESS_LOG_TAKE rows a page, each next page asked for by Show more.
 * The trail grows with every request, so the page asks again whenever it is opened or its
 * filters come back, showing meanwhile what it had (docs/SCREENS.md 'Audit Trail').
 */
export function useAuditTrail(filter: AuditTrailFilter) {
  return useInfiniteQuery({
    queryKey: auditTrailKeys.list(filter),
    staleTime: 0,
    // Who did what to whose data is not left on the device.
    meta: { [KEEP_ON_DEVICE]: false },
    queryFn: ({ pageParam, signal }) => getAuditTrailPage(filter, ACCESS_LOG_TAKE, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last, pages) => {
      const seen = pages.reduce((n, p) => n + p.data.length, 0);
      return seen < last.totalCount && last.data.length > 0 ? last.data.at(-1)?.id : undefined;
    },
  });
}

/** Every event matching `filter`, for the export: pages of ACCESS_LOG_MAX_TAKE until one comes back short. */
export function allAuditTrailRows(filter: AuditTrailFilter): Promise<AuditTrailRow[]> {
  return fetchAllPages(async (startingAfter) => (await getAuditTrailPage(filter, ACCESS_LOG_MAX_TAKE, startingAfter)).data, ACCESS_LOG_MAX_TAKE);
}
