import { organizationEndpoints, type OrganizationBody } from '@contracts/organizations';
import type { Organization } from '@contracts/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { organizationKeys } from './keys';

/** POST /organizations: creates (no id) or edits (id) an organization. */
export function saveOrganization(body: OrganizationBody): Promise<Organization> {
  return mainApi.call(organizationEndpoints.save, { body });
}

export function useSaveOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.all }),
  });
}
