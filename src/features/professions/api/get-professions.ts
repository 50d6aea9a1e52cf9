import { professionEndpoints } from '@contracts/professions';
import type { Profession } from '@contracts/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { professionKeys } from './keys';

/** GET /users/professions: the global professions, with the caller's organizations' own. */
export function getProfessions(signal?: AbortSignal): Promise<Profession[]> {
  return mainApi.call(professionEndpoints.list, { signal });
}

export const professionsQueryOptions = () => queryOptions({ queryKey: professionKeys.list(), queryFn: ({ signal }) => getProfessions(signal) });

export function useProfessions() {
  return useQuery(professionsQueryOptions());
}
