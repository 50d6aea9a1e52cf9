import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import { CDIFF_PAGE_SIZE, cdiffEndpoints } from '@contracts/reports/cdiff';
import { mainApi } from '@/lib/api-client';
import { reportKeys } from '../../shared/api/report-query';

// The C. diff room list and a room's visits (zones/cdiff): pages of 15 read with a cursor
// (`startingAfter`, the last row of the page before). Each is one infinite query whose key starts
// with the reports root, so the pages loaded are kept in the persisted cache like every report
// answer and stay readable offline.

/** The server takes at most this many search terms. */
const MAX_TERMS = 10;

/** One `search[]` term: the text quoted, a `"` or `\` in it escaped with a `\` (the contract's form). */
export function cdiffSearchTerm(text: string): string {
  return `name~"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/**
 * The `search[]` terms of what the reader typed: one per word, every one of which a room's name
 * must contain (so "3n 302" finds "3N-302"); nothing for blank text.
 */
export function cdiffSearchTerms(search: string): string[] {
  return search.trim().split(/\s+/).filter(Boolean).slice(0, MAX_TERMS).map(cdiffSearchTerm);
}

/** What the room list is filtered by. */
export interface CdiffRoomsFilter {
  groupIds: number[];
  zoneIds: number[];
  startDate: string;
  endDate: string;
  search: string;
}

type Paged<T> = { data: T[]; totalCount: number };

/** The cursor of the page after `pages`, or undefined when every row is loaded (or the last page came short). */
export function nextCursor<T, C>(pages: readonly Paged<T>[], cursorOf: (row: T) => C): C | undefined {
  const last = pages.at(-1);
  if (!last) return undefined;
  const loaded = pages.reduce((n, page) => n + page.data.length, 0);
  const lastRow = last.data.at(-1);
  if (loaded >= last.totalCount || last.data.length < CDIFF_PAGE_SIZE || lastRow === undefined) return undefined;
  return cursorOf(lastRow);
}

/** The room list, 15 rooms a page; a failure is logged as "Failed to fetch data". */
export function cdiffRoomsOptions(filter: CdiffRoomsFilter) {
  const query = {
    groupIds: filter.groupIds,
    zoneIds: filter.zoneIds,
    startDate: filter.startDate,
    endDate: filter.endDate,
    take: CDIFF_PAGE_SIZE,
    'search[]': cdiffSearchTerms(filter.search),
  };
  return infiniteQueryOptions({
    queryKey: [...reportKeys.call(cdiffEndpoints.rooms, query), 'pages'] as const,
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam, signal }) => {
      try {
        return await mainApi.call(cdiffEndpoints.rooms, { query: { ...query, startingAfter: pageParam }, signal });
      } catch (error) {
        console.error('Failed to fetch data', error);
        throw error;
      }
    },
    getNextPageParam: (_last, pages) => nextCursor(pages, (room) => room.zoneId),
    // While new filters load, the rooms already listed stay on screen (dimmed).
    placeholderData: keepPreviousData,
  });
}

/** What a room's visits are read for. */
export interface CdiffVisitsFilter {
  zoneId: number;
  groupIds: number[];
  startDate: string;
  endDate: string;
}

/** A room's visits, newest first, 15 a page; a failure is logged as "Failed to fetch user visits". */
export function cdiffVisitsOptions(filter: CdiffVisitsFilter) {
  const query = { groupIds: filter.groupIds, startDate: filter.startDate, endDate: filter.endDate, take: CDIFF_PAGE_SIZE };
  return infiniteQueryOptions({
    queryKey: [...reportKeys.call(cdiffEndpoints.visits, { zoneId: filter.zoneId, ...query }), 'pages'] as const,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      try {
        return await mainApi.call(cdiffEndpoints.visits, { params: { zoneId: filter.zoneId }, query: { ...query, startingAfter: pageParam }, signal });
      } catch (error) {
        console.error('Failed to fetch user visits', error);
        throw error;
      }
    },
    getNextPageParam: (_last, pages) => nextCursor(pages, (row) => row.visit.id),
  });
}
