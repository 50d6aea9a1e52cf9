import { Drawer, Tabs, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useMedia } from '@/lib/use-media';
import { type ModelTab, modelTabs, type SettingsDevice, tabsSignature } from './model-tabs';
import { canSchedule, initialEditorState, type ScheduledSettings, scheduledSettings, settingsEditorReducer } from './settings-editor-state';
import { SettingsTabPanel } from './settings-tab-panel';

export type { ScheduledSettings } from './settings-editor-state';
export type { SettingsDevice } from './model-tabs';

/** Phones and touch screens get the drawer full width. */
const NARROW_QUERY = '(max-width: 47.99em)';
const COARSE_POINTER_QUERY = '(pointer: coarse)';

export interface SettingsDrawerProps {
  opened: boolean;
  onClose: () => void;
  /** The devices to edit; several models make several tabs. */
  devices: SettingsDevice[];
  /**
   * Called with the changed settings of every tab that has changes; the drawer closes when it
   * resolves and stays open with the error's message when it rejects. The caller sends the
   * changes (through the offline outbox) and shows settingChangesScheduled(n).
   */
  onSchedule: (changes: ScheduledSettings[]) => Promise<void>;
}

function SettingsEditor({
  tabs,
  onClose,
  onSchedule,
  onChangeCount,
}: {
  tabs: ModelTab[];
  onClose: () => void;
  onSchedule: SettingsDrawerProps['onSchedule'];
  /** How many settings are changed and not scheduled (the drawer asks before dropping them). */
  onChangeCount: (count: number) => void;
}) {
  const [state, dispatch] = useReducer(settingsEditorReducer, tabs[0]?.modelId ?? null, initialEditorState);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const active = tabs.find((t) => t.modelId === state.activeModelId) ?? tabs[0];
  const changes = scheduledSettings(state);
  const changeCount = changes.reduce((n, c) => n + c.settings.length, 0);
  useEffect(() => onChangeCount(changeCount), [changeCount, onChangeCount]);

  const schedule = async () => {
    if (!canSchedule(state) || pending) return;
    setPending(true);
    setError(null);
    try {
      await onSchedule(changes);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setPending(false);
    }
  };

  const panel = (tab: ModelTab) => (
    <SettingsTabPanel
      tab={tab}
      tabs={tabs}
      state={state}
      dispatch={dispatch}
      schedule={{
        enabled: canSchedule(state),
        pending,
        error,
        otherTabChanges: changes.filter((c) => c.tabModelId !== tab.modelId).reduce((n, c) => n + c.settings.length, 0),
        onSchedule: () => void schedule(),
      }}
    />
  );

  if (!active) return <Text c="dimmed">No settings for these devices</Text>;
  if (tabs.length === 1) return panel(active);
  return (
    <Tabs value={String(active.modelId)} onChange={(value) => value && dispatch({ type: 'setTab', modelId: Number(value) })} keepMounted={false}>
      <Tabs.List mb="md">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.modelId} value={String(tab.modelId)}>
            {tab.modelName} ({tab.deviceIds.length})
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.modelId} value={String(tab.modelId)}>
          {panel(tab)}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/**
 * The settings editor drawer (docs/SCREENS.md 'Settings editor drawer'): one tab per model of the chosen
 * devices, each with its presets on the left, its setting groups in the middle and a 'Changes'
 * summary on the right. It saves nothing itself: 'Schedule changes' hands the changes to
 * `onSchedule`. Closing it with changes not scheduled asks 'Discard changes?' first; it starts
 * afresh for each opening and set of devices.
 */
export function SettingsDrawer({ opened, onClose, devices, onSchedule }: SettingsDrawerProps) {
  const narrow = useMedia(NARROW_QUERY);
  const coarse = useMedia(COARSE_POINTER_QUERY);
  const tabs = useMemo(() => modelTabs(devices), [devices]);
  const unscheduled = useRef(0);
  const [asking, setAsking] = useState(false);
  const onChangeCount = useCallback((count: number) => {
    unscheduled.current = count;
  }, []);
  const close = useCallback(() => {
    unscheduled.current = 0;
    setAsking(false);
    onClose();
  }, [onClose]);
  const requestClose = () => (unscheduled.current > 0 ? setAsking(true) : close());
  return (
    <>
      <Drawer opened={opened} onClose={requestClose} position="right" size={narrow || coarse ? '100%' : 'xl'} title="Device settings" closeButtonProps={{ 'aria-label': 'Close' }}>
        <SettingsEditor key={tabsSignature(tabs)} tabs={tabs} onClose={close} onSchedule={onSchedule} onChangeCount={onChangeCount} />
      </Drawer>
      <ConfirmDialog opened={asking} title="Discard changes?" confirmLabel="Discard" destructive onConfirm={close} onCancel={() => setAsking(false)}>
        The settings changed here are not scheduled yet.
      </ConfirmDialog>
    </>
  );
}
