import { type DeviceSettingsResponse, operationEndpoints } from '@contracts/operations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { settingsKeys, sortedDeviceIds } from './settings-keys';

/**
 * POST /settings/devices: the settings of a set of devices of one kind and one model, with the
 * model's presets. A POST that only reads (the ids would not fit a query string), so it is a query.
 */
export function getDeviceSettings(deviceIds: readonly number[], signal?: AbortSignal): Promise<DeviceSettingsResponse> {
  return mainApi.call(operationEndpoints.deviceSettings, { body: { deviceIds: sortedDeviceIds(deviceIds) }, signal });
}

/** Keyed by the sorted device ids. */
export const deviceSettingsQueryOptions = (deviceIds: readonly number[]) =>
  queryOptions({
    queryKey: settingsKeys.devices(deviceIds),
    queryFn: ({ signal }) => getDeviceSettings(deviceIds, signal),
  });

/** The settings of the devices; nothing is asked while there are none (or `enabled` is false). */
export function useDeviceSettings(deviceIds: readonly number[], options: { enabled?: boolean } = {}) {
  return useQuery({ ...deviceSettingsQueryOptions(deviceIds), enabled: (options.enabled ?? true) && deviceIds.length > 0 });
}
