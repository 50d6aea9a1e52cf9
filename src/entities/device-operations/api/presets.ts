import { operationEndpoints, type Preset } from '@contracts/operations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { settingsKeys } from './settings-keys';

/** A preset's values: label → value. */
export type PresetValues = Preset['settings'];

/** POST /settings/presets: a new preset of a model. */
export function createPreset(input: { name: string; modelId: number; settings: PresetValues }): Promise<Preset> {
  return mainApi.call(operationEndpoints.createPreset, { body: input });
}

/** PUT /settings/presets: renames a preset and replaces its values. */
export function updatePreset(input: { id: number; name: string; settings: PresetValues }): Promise<Preset> {
  return mainApi.call(operationEndpoints.updatePreset, { body: input });
}

/** DELETE /settings/presets/:id. */
export function deletePreset(id: number): Promise<{ deleted: boolean }> {
  return mainApi.call(operationEndpoints.deletePreset, { params: { id } });
}

/** Every device-settings answer carries its model's presets: a preset change refreshes them all. */
function useInvalidateSettings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: settingsKeys.all });
}

export function useCreatePreset() {
  const invalidate = useInvalidateSettings();
  return useMutation({ mutationFn: createPreset, onSuccess: invalidate });
}

export function useUpdatePreset() {
  const invalidate = useInvalidateSettings();
  return useMutation({ mutationFn: updatePreset, onSuccess: invalidate });
}

export function useDeletePreset() {
  const invalidate = useInvalidateSettings();
  return useMutation({ mutationFn: deletePreset, onSuccess: invalidate });
}
