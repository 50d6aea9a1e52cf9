import { roleEndpoints, type CatalogPermission } from '@contracts/roles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { roleKeys } from './keys';

/** GET /users/permissions: every permission a template may hold. */
export async function getPermissionCatalog(): Promise<CatalogPermission[]> {
  return (await mainApi.call(roleEndpoints.permissions, {})).data;
}

export const permissionCatalogQueryOptions = () =>
  queryOptions({ queryKey: roleKeys.catalog(), queryFn: getPermissionCatalog, staleTime: 10 * 60_000 });

export const usePermissionCatalog = (enabled = true) => useQuery({ ...permissionCatalogQueryOptions(), enabled });
