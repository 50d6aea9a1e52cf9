import type { EditorDeviceType } from '@contracts/editor';
import { type DeviceModel, wearableEndpoints } from '@contracts/wearables-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { deviceFormKeys } from './device-form-keys';

/** GET /devices/models for one type: its models with their firmware versions (newest first). */
export function getDeviceModels(type: EditorDeviceType, signal?: AbortSignal): Promise<DeviceModel[]> {
  return mainApi.call(wearableEndpoints.models, { query: { type }, signal });
}

/** The models of a device type; they rarely change. */
export function deviceModelsQueryOptions(type: EditorDeviceType) {
  return queryOptions({
    queryKey: deviceFormKeys.models(type),
    queryFn: ({ signal }) => getDeviceModels(type, signal),
    staleTime: 60 * 60_000,
  });
}

export function useDeviceModels(type: EditorDeviceType) {
  return useQuery(deviceModelsQueryOptions(type));
}
