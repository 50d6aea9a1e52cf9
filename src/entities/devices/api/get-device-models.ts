import { type DeviceModel, wearableEndpoints } from '@contracts/wearables-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { deviceKeys } from './keys';

/** GET /devices/models without a type: every device model, with its firmware versions. */
export function getDeviceModels(signal?: AbortSignal): Promise<DeviceModel[]> {
  return mainApi.call(wearableEndpoints.models, { query: {}, signal });
}

/** The models rarely change. */
export const deviceModelsQueryOptions = () =>
  queryOptions({ queryKey: deviceKeys.models(), queryFn: ({ signal }) => getDeviceModels(signal), staleTime: 60 * 60_000 });

export function useDeviceModels(options: { enabled?: boolean } = {}) {
  return useQuery({ ...deviceModelsQueryOptions(), enabled: options.enabled ?? true });
}
