import { GATEWAY_SETUP_GROUP_ID } from '@contracts/gateways';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { gatewaysQueryOptions } from './get-gateways';

/** While the Setup drawer is open the queue is read again this often: new gateways announce themselves to the server, not to the page. */
export const SETUP_QUEUE_REFETCH_MS = 10_000;

/**
 * GET /devices/gateway/39: the gateways awaiting setup, under the list's own key, so a
 * refresh of the gateway lists refreshes the queue too. Always read afresh when the drawer opens.
 */
export const setupQueueQueryOptions = () => queryOptions({ ...gatewaysQueryOptions(GATEWAY_SETUP_GROUP_ID), staleTime: 0, refetchInterval: SETUP_QUEUE_REFETCH_MS });

export function useSetupQueue(enabled: boolean) {
  return useQuery({ ...setupQueueQueryOptions(), enabled });
}
