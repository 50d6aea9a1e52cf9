import { groupEndpoints, type groupBodySchema } from '@contracts/organizations';
import type { Group } from '@contracts/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { mainApi } from '@/lib/api-client';
import { useRefreshSession } from '@/lib/session-context';
import { locationKeys } from '@/entities/locations/api/keys';

/** The location form's values as POST /groups takes them, with the floor-plan file to upload. */
export type LocationUpload = Omit<z.input<typeof groupBodySchema>, 'floorplan'> & { floorplan?: File | null };

/** The multipart form of POST groups: every field as text, id left out when empty, the plan as a file. */
export function locationFormData(values: LocationUpload): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    // A cleared map scale is sent empty (the server clears it); other empty fields are left out.
    if (key === 'mapScale' && value === null) form.append(key, '');
    if (key === 'floorplan' || value === undefined || value === null || value === '') continue;
    form.append(key, String(value));
  }
  if (values.floorplan) form.append('floorplan', values.floorplan, values.floorplan.name);
  return form;
}

/** POST /groups: creates (no id) or edits (id) a location. */
export function saveLocation(values: LocationUpload): Promise<Group> {
  return mainApi.request(groupEndpoints.save.path, { method: 'POST', body: locationFormData(values), schema: groupEndpoints.save.response });
}

export function useSaveLocation() {
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  return useMutation({
    mutationFn: saveLocation,
    // The session's lists name the organizations and locations in every picker (filters, template
    // owners, Add User): they are read again so that a new or renamed one shows by its current name.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: locationKeys.all }), refreshSession()]),
  });
}
