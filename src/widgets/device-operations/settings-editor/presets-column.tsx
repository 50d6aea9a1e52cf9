import type { Preset } from '@contracts/operations';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { type Dispatch, useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useOnlineStatus } from '@/offline/connectivity';
import { useCreatePreset, useDeletePreset, useUpdatePreset } from '@/entities/device-operations/api/presets';
import { OnlineOnly, onlineProps, PresetRow } from './preset-row';
import { presetSettings, type SettingsEditorAction, type TabState } from './settings-editor-state';

/** A new preset's name (docs/OPERATIONS.md 'Presets'). */
export const NEW_PRESET_NAME = 'New Preset';

/**
 * The left column: the model's presets. Apply sets the edited values from a preset (no network);
 * New saves the edited values as 'New Preset' and opens its rename; Rename and Delete (after a
 * confirm) change the server's copy. Create, rename and delete need the network.
 */
export function PresetsColumn({ tab, dispatch }: { tab: TabState; dispatch: Dispatch<SettingsEditorAction> }) {
  const id = useId();
  const online = useOnlineStatus();
  const create = useCreatePreset();
  const update = useUpdatePreset();
  const remove = useDeletePreset();
  const [deleting, setDeleting] = useState<Preset | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { modelId } = tab;
  const failed = (e: Error) => setError(e.message);

  const add = () => {
    setError(null);
    create.mutate(
      { name: NEW_PRESET_NAME, modelId, settings: presetSettings(tab) },
      {
        onSuccess: (preset) => {
          dispatch({ type: 'addPreset', modelId, preset });
          dispatch({ type: 'setEditing', modelId, presetId: preset.id });
        },
        onError: failed,
      },
    );
  };

  const rename = (preset: Preset, name: string) => {
    setError(null);
    update.mutate(
      { id: preset.id, name, settings: preset.settings },
      {
        onSuccess: (saved) => {
          dispatch({ type: 'updatePreset', modelId, preset: saved });
          dispatch({ type: 'setEditing', modelId, presetId: null });
        },
        onError: failed,
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    setError(null);
    remove.mutate(deleting.id, {
      onSuccess: () => {
        dispatch({ type: 'deletePreset', modelId, presetId: deleting.id });
        setDeleting(null);
      },
      onError: (e) => {
        setDeleting(null);
        failed(e);
      },
    });
  };

  return (
    <Stack component="section" gap="sm" aria-labelledby={id}>
      <Group justify="space-between" wrap="nowrap">
        <Title id={id} order={3} size="h5">
          Presets
        </Title>
        <OnlineOnly online={online}>
          <Button size="compact-sm" variant="light" aria-label="New preset" loading={create.isPending} {...onlineProps(online, add)}>
            New
          </Button>
        </OnlineOnly>
      </Group>
      {error && (
        <Alert color="red" variant="light" p="xs">
          {error}
        </Alert>
      )}
      {tab.presets.length === 0 ? (
        <Text size="sm" c="dimmed">
          No presets for this model
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={id}>
          {tab.presets.map((preset) => (
            <PresetRow
              key={preset.id}
              preset={preset}
              editing={tab.editingPresetId === preset.id}
              online={online}
              busy={update.isPending}
              onApply={() => dispatch({ type: 'applyPreset', modelId, presetId: preset.id })}
              onEdit={() => dispatch({ type: 'setEditing', modelId, presetId: preset.id })}
              onRename={(name) => rename(preset, name)}
              onCancelRename={() => dispatch({ type: 'setEditing', modelId, presetId: null })}
              onDelete={() => setDeleting(preset)}
            />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete preset"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        {`Delete the preset '${deleting?.name ?? ''}'? Devices keep their settings.`}
      </ConfirmDialog>
    </Stack>
  );
}
