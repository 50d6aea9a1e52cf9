import { iotEndpoints, THINGS_PAGE, type Thing } from '@contracts/iot';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { fetchAllPages } from '@/lib/fetch-all-pages';
import { iotKeys, type ThingsFilter } from './keys';

/** Devices per request on the IoT Devices page. */
export const THINGS_PAGE_SIZE = THINGS_PAGE.default;

export interface ThingsPage {
  data: Thing[];
  totalCount: number;
}

/** The search box's words, each a term the server matches against the serial number or the name. */
export const searchTerms = (search: string): string[] => search.trim().split(/\s+/).filter(Boolean).slice(0, 10);

/** GET /iot/things: one page of a location's devices, in id order. */
export function getThings(filter: ThingsFilter, startingAfter: number | undefined, take: number = THINGS_PAGE_SIZE, signal?: AbortSignal): Promise<ThingsPage> {
  return mainApi.call(iotEndpoints.things, {
    query: {
      groupIds: [filter.groupId],
      take,
      startingAfter,
      search: searchTerms(filter.search),
      lastOnline: filter.lastOnline ?? undefined,
    },
    signal,
  });
}

/** Every device of the filter (Run Job All), in the largest pages the server allows. */
export function getAllThings(filter: ThingsFilter): Promise<Thing[]> {
  return fetchAllPages(async (after) => (await getThings(filter, after, THINGS_PAGE.max)).data, THINGS_PAGE.max);
}

export const thingsQueryOptions = (filter: ThingsFilter) =>
  infiniteQueryOptions({
    queryKey: iotKeys.things(filter),
    queryFn: ({ pageParam, signal }) => getThings(filter, pageParam, THINGS_PAGE_SIZE, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.data.length < THINGS_PAGE_SIZE ? undefined : last.data.at(-1)?.id),
    staleTime: 30_000,
  });

export function useThings(filter: ThingsFilter | null) {
  return useInfiniteQuery({
    ...thingsQueryOptions(filter ?? { groupId: 0, search: '', lastOnline: null }),
    enabled: filter !== null,
  });
}
