import type { Role } from '@contracts/entities';
import { roleEndpoints, type CreateRoleBody, type UpdateRoleBody } from '@contracts/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { roleKeys } from './keys';

/** POST /roles. */
export function createRole(body: CreateRoleBody): Promise<Role> {
  return mainApi.call(roleEndpoints.create, { body });
}

/** PATCH /roles/{id}. */
export function updateRole(id: number, body: UpdateRoleBody): Promise<Role> {
  return mainApi.call(roleEndpoints.update, { params: { id }, body });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createRole, onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }) });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateRoleBody }) => updateRole(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
