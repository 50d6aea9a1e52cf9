import { organizationEndpoints } from '@contracts/organizations';
import type { Organization } from '@contracts/entities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { organizationKeys } from './keys';

/** GET /organizations: the organizations the caller may act on, with the ancestors above them. */
export async function getOrganizations(signal?: AbortSignal): Promise<Organization[]> {
  return (await mainApi.call(organizationEndpoints.tree, { signal })).data;
}

export const organizationsQueryOptions = () => queryOptions({ queryKey: organizationKeys.tree(), queryFn: ({ signal }) => getOrganizations(signal) });

export function useOrganizations() {
  return useQuery(organizationsQueryOptions());
}
