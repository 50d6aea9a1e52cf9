import { groupEndpoints } from '@contracts/organizations';
import type { Group } from '@contracts/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { locationKeys } from '@/entities/locations/api/keys';

/** GET /groups: the locations the caller may act on, with the ancestors above them. */
export async function getLocations(signal?: AbortSignal): Promise<Group[]> {
  return (await mainApi.call(groupEndpoints.tree, { signal })).data;
}

export const locationsQueryOptions = () => queryOptions({ queryKey: locationKeys.tree(), queryFn: ({ signal }) => getLocations(signal) });

export function useLocations() {
  return useQuery(locationsQueryOptions());
}
