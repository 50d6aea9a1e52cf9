import { organizationEndpoints, type OrganizationBody } from '@contracts/organizations';
import type { Organization } from '@contracts/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { useRefreshSession } from '@/lib/session-context';
import { organizationKeys } from './keys';

/** POST /organizations: creates (no id) or edits (id) an organization. */
export function saveOrganization(body: OrganizationBody): Promise<Organization> {
  return mainApi.call(organizationEndpoints.save, { body });
}

export function useSaveOrganization() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: saveOrganization,
    // The session's lists name the organizations and locations in every picker (filters, template
    // owners, Add User): they are read again so that a new or renamed one shows by its current name.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: organizationKeys.all }), refreshSession()]),
  });
}
