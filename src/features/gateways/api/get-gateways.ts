import { gatewayEndpoints, type Gateway } from '@contracts/gateways';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { isUpdating } from '../gateway-filters';
import { gatewayKeys } from './keys';

/** While a software job runs on a shown gateway the list is read again this often. */
export const UPDATING_REFETCH_MS = 3_000;

/** GET /devices/gateway/{groupId}: the gateways of a location and its descendants. */
export function getGateways(groupId: number, signal?: AbortSignal): Promise<Gateway[]> {
  return mainApi.call(gatewayEndpoints.list, { params: { groupId }, signal });
}

export const gatewaysQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: gatewayKeys.list(groupId),
    queryFn: ({ signal }) => getGateways(groupId, signal),
    staleTime: 30_000,
    // Software jobs are carried out by the gateways themselves: their progress is read, not pushed.
    refetchInterval: (query) => (query.state.data?.some(isUpdating) ? UPDATING_REFETCH_MS : false),
  });

export function useGateways(groupId: number | null) {
  return useQuery({ ...gatewaysQueryOptions(groupId ?? 0), enabled: groupId !== null });
}
