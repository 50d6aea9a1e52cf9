import type { DeviceType } from '@contracts/devices';
import { type DeviceModel, deviceRegistryEndpoints } from '@contracts/device-registry';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { deviceKeys } from './keys';

/** GET /devices/models: the models of one type, or every model, with their firmware versions (newest first). */
export function getDeviceModels(type: DeviceType | null, signal?: AbortSignal): Promise<DeviceModel[]> {
  return mainApi.call(deviceRegistryEndpoints.models, { query: type ? { type } : {}, signal });
}

/** The models (of one type, or all); they rarely change. */
export const deviceModelsQueryOptions = (type: DeviceType | null = null) =>
  queryOptions({ queryKey: deviceKeys.models(type), queryFn: ({ signal }) => getDeviceModels(type, signal), staleTime: 60 * 60_000 });

/** The device models of `type` (every model without one), fetched once an hour at most. */
export function useDeviceModels(options: { type?: DeviceType | null; enabled?: boolean } = {}) {
  return useQuery({ ...deviceModelsQueryOptions(options.type ?? null), enabled: options.enabled ?? true });
}
