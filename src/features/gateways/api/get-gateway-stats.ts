import { gatewayEndpoints, type GatewayStats } from '@contracts/gateways';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { gatewayKeys } from './keys';

/** GET /devices/gateway/stats/{gatewayId}: the gateway's last 24 hours, hour by hour. */
export function getGatewayStats(gatewayId: number, signal?: AbortSignal): Promise<GatewayStats> {
  return mainApi.call(gatewayEndpoints.stats, { params: { gatewayId }, signal });
}

export const gatewayStatsQueryOptions = (gatewayId: number) =>
  queryOptions({ queryKey: gatewayKeys.stats(gatewayId), queryFn: ({ signal }) => getGatewayStats(gatewayId, signal), staleTime: 60_000 });

export function useGatewayStats(gatewayId: number | null) {
  return useQuery({ ...gatewayStatsQueryOptions(gatewayId ?? 0), enabled: gatewayId !== null });
}
