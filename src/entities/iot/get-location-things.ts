import { iotEndpoints, THINGS_PAGE, type Thing } from '@contracts/iot';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { fetchAllPages } from '@/lib/fetch-all-pages';
import { iotThingKeys } from './keys';

/** GET /iot/things: every IoT device of a location (its floor plan's), in the largest pages the server allows. */
export function getLocationThings(groupId: number, signal?: AbortSignal): Promise<Thing[]> {
  return fetchAllPages(
    async (startingAfter) => (await mainApi.call(iotEndpoints.things, { query: { groupIds: [groupId], take: THINGS_PAGE.max, startingAfter, search: [] }, signal })).data,
    THINGS_PAGE.max,
  );
}

export const locationThingsQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: iotThingKeys.location(groupId),
    queryFn: ({ signal }) => getLocationThings(groupId, signal),
    staleTime: 30_000,
  });

/** The location's IoT devices (none while no location is chosen). */
export function useLocationThings(groupId: number | null) {
  return useQuery({ ...locationThingsQueryOptions(groupId ?? 0), enabled: groupId !== null });
}
