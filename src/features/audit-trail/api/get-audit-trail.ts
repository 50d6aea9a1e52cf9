import { ACCESS_LOG_MAX_TAKE, ACCESS_LOG_TAKE, privacyEndpoints, type AuditTrailRow } from '@contracts/privacy';
import { useInfiniteQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { KEEP_ON_DEVICE } from '@/lib/query-client';
import { fetchAllCounted, nextAfterLastId } from '@/lib/fetch-all-pages';
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
    getNextPageParam: nextAfterLastId,
  });
}

/** Every event matching `filter`, for the export: pages of ACCESS_LOG_MAX_TAKE until the total is read or a page comes back short. */
export function allAuditTrailRows(filter: AuditTrailFilter): Promise<AuditTrailRow[]> {
  return fetchAllCounted((startingAfter) => getAuditTrailPage(filter, ACCESS_LOG_MAX_TAKE, startingAfter), ACCESS_LOG_MAX_TAKE);
}
