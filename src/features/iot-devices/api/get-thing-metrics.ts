import { iotEndpoints, type ConnectivityPoint, type MetricInterval, type TelemetryPoint } from '@contracts/iot';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { iotKeys } from './keys';

/** GET /iot/things/{id}/connectivity: the state at `from`, then each connect and disconnect. */
export async function getConnectivity(thingId: number, from: string, to: string, signal?: AbortSignal): Promise<ConnectivityPoint[]> {
  return (await mainApi.call(iotEndpoints.thingConnectivity, { params: { id: thingId }, query: { from, to }, signal })).connectivityData;
}

/** GET /iot/things/{id}/telemetry/aggregate: system location and dispense uploads summed per interval. */
export async function getTelemetry(thingId: number, from: string, to: string, interval: MetricInterval, signal?: AbortSignal): Promise<TelemetryPoint[]> {
  return (await mainApi.call(iotEndpoints.thingTelemetry, { params: { id: thingId }, query: { from, to, interval }, signal })).data;
}

export const connectivityQueryOptions = (thingId: number, from: string, to: string) =>
  queryOptions({ queryKey: iotKeys.connectivity(thingId, from, to), queryFn: ({ signal }) => getConnectivity(thingId, from, to, signal), staleTime: 60_000 });

export const telemetryQueryOptions = (thingId: number, from: string, to: string, interval: MetricInterval) =>
  queryOptions({
    queryKey: iotKeys.telemetry(thingId, from, to, interval),
    queryFn: ({ signal }) => getTelemetry(thingId, from, to, interval, signal),
    staleTime: 60_000,
  });

export function useConnectivity(thingId: number, from: string, to: string, enabled: boolean) {
  return useQuery({ ...connectivityQueryOptions(thingId, from, to), enabled });
}

export function useTelemetry(thingId: number, from: string, to: string, interval: MetricInterval, enabled: boolean) {
  return useQuery({ ...telemetryQueryOptions(thingId, from, to, interval), enabled });
}
