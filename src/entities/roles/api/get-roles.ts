import type { Role } from '@contracts/entities';
import { roleEndpoints } from '@contracts/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { roleKeys } from './keys';

/** GET /roles?orgId: the defaults and the organization's own templates (its nearest ancestor's when it has none). */
export async function getRoles(organizationId: number): Promise<Role[]> {
  return (await mainApi.call(roleEndpoints.list, { query: { orgId: organizationId } })).data;
}

export const rolesQueryOptions = (organizationId: number) =>
  queryOptions({ queryKey: roleKeys.list(organizationId), queryFn: () => getRoles(organizationId), staleTime: 60_000 });

/** The templates an organization's users may be given, for pickers; idle while no organization is chosen. */
export function useRoleTemplates(organizationId: number | null | undefined) {
  return useQuery({ ...rolesQueryOptions(organizationId ?? 0), enabled: !!organizationId });
}
