import { operationEndpoints, type OperableDevice } from '@contracts/operations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import type { OperationsKind } from '@/entities/device-operations/operation-rows';
import { operationKeys } from '@/entities/device-operations/api/keys';

/** GET /devices/beacons or /devices/dispensers: the operable devices of a location and its sublocations. */
export function getOperableDevices(kind: OperationsKind, groupId: number, signal?: AbortSignal): Promise<OperableDevice[]> {
  const endpoint = kind === 'BEACON' ? operationEndpoints.beacons : operationEndpoints.dispensers;
  return mainApi.call(endpoint, { query: { groupId }, signal });
}

/**
 * A location's beacons or dispensers. Status and search filter them on the device, and the list is
 * kept with the rest of the query cache, so the page works the same on a ward without signal.
 */
export function operableDevicesQueryOptions(kind: OperationsKind, groupId: number | null) {
  return queryOptions({
    queryKey: operationKeys.list(kind, groupId),
    queryFn: ({ signal }) => getOperableDevices(kind, groupId ?? 0, signal),
    enabled: groupId !== null,
  });
}

export function useOperableDevices(kind: OperationsKind, groupId: number | null) {
  return useQuery(operableDevicesQueryOptions(kind, groupId));
}
