import { unresponsiveEndpoints, type UnresponsiveDevice, type UnresponsiveQuery } from '@contracts/unresponsive-devices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { unresponsiveKeys } from './keys';

/** GET devices/group/unresponsive: the devices of the locations not heard during the range. */
export function getUnresponsiveDevices(query: UnresponsiveQuery, signal?: AbortSignal): Promise<UnresponsiveDevice[]> {
  return mainApi.call(unresponsiveEndpoints.list, { query, signal });
}

export const unresponsiveDevicesQueryOptions = (query: UnresponsiveQuery) =>
  queryOptions({
    queryKey: unresponsiveKeys.list(query),
    queryFn: ({ signal }) => getUnresponsiveDevices(query, signal),
    // Heartbeats arrive all the time: a list a minute old is asked again when the page is opened.
    staleTime: 60_000,
  });

export function useUnresponsiveDevices(query: UnresponsiveQuery) {
  return useQuery(unresponsiveDevicesQueryOptions(query));
}
