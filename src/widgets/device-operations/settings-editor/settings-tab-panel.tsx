import { Center, Grid, Loader, Stack, Text } from '@mantine/core';
import { type Dispatch, useEffect } from 'react';
import { LoadError } from '@/components/load-error';
import { useDeviceSettings } from '@/entities/device-operations/api/device-settings';
import { ChangesSummary, type ScheduleState } from './changes-summary';
import type { ModelTab } from './model-tabs';
import { PresetsColumn } from './presets-column';
import { SettingGroups } from './setting-groups';
import { type SettingsEditorAction, type SettingsEditorState, settingsOf } from './settings-editor-state';
import { SettingsHeader } from './settings-header';

/** Container widths (the drawer's, not the window's): three columns from 45em, stacked below. */
const COLUMN_BREAKPOINTS = { xs: '20em', sm: '30em', md: '45em', lg: '60em', xl: '75em' };

export interface SettingsTabPanelProps {
  tab: ModelTab;
  tabs: ModelTab[];
  state: SettingsEditorState;
  dispatch: Dispatch<SettingsEditorAction>;
  schedule: ScheduleState;
}

/**
 * One model's tab: loads POST /settings/devices for its devices, sets the tab's initial values once
 * (later refreshes, as after a preset change, keep the edits), then shows the header and the three
 * columns: presets, setting groups, Changes.
 */
export function SettingsTabPanel({ tab, tabs, state, dispatch, schedule }: SettingsTabPanelProps) {
  const { modelId, deviceIds } = tab;
  const query = useDeviceSettings(deviceIds);
  const tabState = state.tabs[modelId];
  const { data } = query;
  const loaded = tabState !== undefined;

  useEffect(() => {
    if (data && !loaded) dispatch({ type: 'setInitial', modelId, deviceIds, data });
  }, [data, loaded, dispatch, modelId, deviceIds]);

  if (!tabState) {
    if (query.isError) {
      return <LoadError error={query.error} title="The settings could not be loaded" unavailable="The settings of these devices have not been loaded on this device yet." />;
    }
    return (
      <Center py="xl" role="status" aria-label="Loading settings…">
        <Loader aria-hidden />
      </Center>
    );
  }
  if (settingsOf(tabState).length === 0) {
    return <Text c="dimmed">No settings for these devices</Text>;
  }

  return (
    <Stack gap="md">
      <SettingsHeader
        deviceCount={data?.deviceCount ?? deviceIds.length}
        modelName={data?.model.name ?? tab.modelName}
        versions={data?.versions ?? []}
        copySources={tabs.filter((t) => t.modelId !== modelId).map((t) => ({ modelId: t.modelId, modelName: t.modelName, loaded: t.modelId in state.tabs }))}
        onCopy={(fromModelId) => dispatch({ type: 'copyFromTab', modelId, fromModelId })}
        onReset={() => dispatch({ type: 'resetToDesired', modelId })}
        onDefault={() => dispatch({ type: 'resetToDefaults', modelId })}
      />
      <Grid type="container" breakpoints={COLUMN_BREAKPOINTS} gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <PresetsColumn tab={tabState} dispatch={dispatch} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <SettingGroups tab={tabState} onEdit={(label, edit) => dispatch({ type: 'updateField', modelId, label, edit })} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ChangesSummary tab={tabState} schedule={schedule} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
