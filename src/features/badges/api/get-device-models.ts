import { deviceModelsSchema } from '@contracts/wearables-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { badgeKeys } from './keys';

/** The badge models with their firmware versions (newest first); they rarely change. */
export function badgeModelsQueryOptions() {
  return queryOptions({
    queryKey: badgeKeys.models(),
    queryFn: ({ signal }) => mainApi.get('/devices/models', { query: { type: 'BADGE' }, schema: deviceModelsSchema, signal }),
    staleTime: 60 * 60_000,
  });
}

export function useBadgeModels(options: { enabled?: boolean } = {}) {
  return useQuery({ ...badgeModelsQueryOptions(), enabled: options.enabled ?? true });
}
