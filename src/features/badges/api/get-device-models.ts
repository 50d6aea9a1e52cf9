import { type DeviceModel, wearableEndpoints } from '@contracts/wearables-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { badgeKeys } from './keys';

/** GET /devices/models: the badge models with their firmware versions (newest first). */
export function getBadgeModels(signal?: AbortSignal): Promise<DeviceModel[]> {
  return mainApi.call(wearableEndpoints.models, { query: { type: 'BADGE' }, signal });
}

/** The badge models; they rarely change. */
export function badgeModelsQueryOptions() {
  return queryOptions({
    queryKey: badgeKeys.models(),
    queryFn: ({ signal }) => getBadgeModels(signal),
    staleTime: 60 * 60_000,
  });
}

export function useBadgeModels(options: { enabled?: boolean } = {}) {
  return useQuery({ ...badgeModelsQueryOptions(), enabled: options.enabled ?? true });
}
