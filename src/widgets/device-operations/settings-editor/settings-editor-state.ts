import { MAX_COLOR, type SettingGroupView, type SettingValues, type SettingView } from '@contracts/device-settings';
import type { DeviceSettingsResponse, Preset } from '@contracts/operations';
import { acceptsChannelText, type Channel, CHANNELS, readChannelText, unpackColor, withChannel } from './color';
import { acceptsSliderText, readSliderText, sliderError, stepValue, textOnBlur } from './slider-input';

// The settings editor's state (its actions: set initial, update field, reset
// to defaults, reset to desired, copy from tab, set tab; preset actions: add, update, delete, set
// editing). One tab per device model; each tab keeps the values the devices have (desired, or the
// default where none is desired or the devices differ), the values as edited, the fields in error
// and the text typed in them, and the model's presets. Pure: the drawer holds it in useReducer.

/** The changed settings of one tab, as the drawer hands them to its caller to schedule. */
export interface ScheduledSettings {
  tabModelId: number;
  deviceIds: number[];
  settings: { label: string; desired: number }[];
}

export interface TabState {
  modelId: number;
  deviceIds: number[];
  groups: SettingGroupView[];
  /** What the devices have: desired, or the default when desired is null. */
  initial: SettingValues;
  /** Always valid values: a field in error keeps its last valid value here. */
  edited: SettingValues;
  /** By field key (fieldKey): the error of a field whose typed text does not fit. */
  errors: Record<string, string>;
  /** By field key: the text typed in a number field, until it is blurred. */
  raw: Record<string, string>;
  presets: Preset[];
  /** The preset being renamed. */
  editingPresetId: number | null;
}

export interface SettingsEditorState {
  activeModelId: number | null;
  /** By model id; a tab is here once its settings are loaded (set initial). */
  tabs: Record<number, TabState>;
}

/** How a field is edited: text typed (in a colour's channel), a value chosen, a −/+ press, leaving the field. */
export type FieldEdit =
  | { kind: 'text'; text: string; channel?: Channel }
  | { kind: 'value'; value: number }
  | { kind: 'step'; direction: 1 | -1 }
  | { kind: 'blur'; channel?: Channel };

export type SettingsEditorAction =
  | { type: 'setInitial'; modelId: number; deviceIds: number[]; data: Pick<DeviceSettingsResponse, 'groups' | 'presets'> }
  | { type: 'updateField'; modelId: number; label: string; edit: FieldEdit }
  | { type: 'resetToDefaults'; modelId: number }
  | { type: 'resetToDesired'; modelId: number }
  | { type: 'copyFromTab'; modelId: number; fromModelId: number }
  | { type: 'setTab'; modelId: number }
  | { type: 'applyPreset'; modelId: number; presetId: number }
  | { type: 'addPreset'; modelId: number; preset: Preset }
  | { type: 'updatePreset'; modelId: number; preset: Preset }
  | { type: 'deletePreset'; modelId: number; presetId: number }
  | { type: 'setEditing'; modelId: number; presetId: number | null };

export const initialEditorState = (activeModelId: number | null): SettingsEditorState => ({ activeModelId, tabs: {} });

/** The key of a field: the setting's label, with the channel for a colour's ('LED Color.r'). */
export const fieldKey = (label: string, channel?: Channel) => (channel ? `${label}.${channel}` : label);

export const settingsOf = (tab: Pick<TabState, 'groups'>): SettingView[] => tab.groups.flatMap((g) => g.settings);

const settingOf = (tab: TabState, label: string) => settingsOf(tab).find((s) => s.label === label);

/** Whether a value fits a setting that can be edited. */
function fits(setting: SettingView, value: number): boolean {
  if (!Number.isInteger(value)) return false;
  switch (setting.type) {
    case 'switch':
      return value === 0 || value === 1;
    case 'color':
      return value >= 0 && value <= MAX_COLOR;
    case 'slider':
      return sliderError(value, setting) === null;
    case 'label':
      return false;
  }
}

function without(record: Record<string, string>, keys: readonly string[]): Record<string, string> {
  if (!keys.some((k) => k in record)) return record;
  const out = { ...record };
  for (const key of keys) delete out[key];
  return out;
}

const keysOf = (label: string) => [label, ...CHANNELS.map((c) => fieldKey(label, c))];

/** The value set: typed text and errors of every field of the setting are dropped. */
function settle(tab: TabState, label: string, value: number): TabState {
  const keys = keysOf(label);
  return { ...tab, edited: { ...tab.edited, [label]: value }, raw: without(tab.raw, keys), errors: without(tab.errors, keys) };
}

/** Sets every value that fits its setting of this tab (unknown labels and misfits are left out). */
function setValues(tab: TabState, values: Iterable<readonly [string, number]>): TabState {
  let next = tab;
  for (const [label, value] of values) {
    const setting = settingOf(tab, label);
    if (setting && fits(setting, value)) next = settle(next, label, value);
  }
  return next;
}

function typed(tab: TabState, key: string, text: string, error: string | null, edited: SettingValues): TabState {
  return {
    ...tab,
    edited,
    raw: { ...tab.raw, [key]: text },
    errors: error === null ? without(tab.errors, [key]) : { ...tab.errors, [key]: error },
  };
}

function updateField(tab: TabState, label: string, edit: FieldEdit): TabState {
  const setting = settingOf(tab, label);
  if (!setting || setting.type === 'label') return tab;
  const current = tab.edited[label] ?? setting.default;
  switch (edit.kind) {
    case 'value':
      return fits(setting, edit.value) ? settle(tab, label, edit.value) : tab;
    case 'step':
      return setting.type === 'slider' ? settle(tab, label, stepValue(current, edit.direction, setting)) : tab;
    case 'text': {
      if (setting.type === 'slider' && !edit.channel) {
        if (!acceptsSliderText(edit.text)) return tab;
        const read = readSliderText(edit.text, setting);
        return typed(tab, label, edit.text, read.error, read.error === null ? { ...tab.edited, [label]: read.value } : tab.edited);
      }
      if (setting.type === 'color' && edit.channel) {
        if (!acceptsChannelText(edit.text)) return tab;
        const read = readChannelText(edit.text);
        const edited = read.error === null ? { ...tab.edited, [label]: withChannel(current, edit.channel, read.value) } : tab.edited;
        return typed(tab, fieldKey(label, edit.channel), edit.text, read.error, edited);
      }
      return tab;
    }
    case 'blur': {
      if (setting.type === 'slider') {
        const text = tab.raw[label];
        return text === undefined ? tab : settle(tab, label, Number(textOnBlur(text, current, setting)));
      }
      // A colour channel: the value holds its last valid channel; the field shows it again.
      const key = fieldKey(label, edit.channel);
      return { ...tab, raw: without(tab.raw, [key]), errors: without(tab.errors, [key]) };
    }
  }
}

function initialTab(modelId: number, deviceIds: number[], data: Pick<DeviceSettingsResponse, 'groups' | 'presets'>): TabState {
  const initial: SettingValues = {};
  for (const s of settingsOf(data)) initial[s.label] = s.desired ?? s.default;
  return { modelId, deviceIds, groups: data.groups, initial, edited: { ...initial }, errors: {}, raw: {}, presets: data.presets, editingPresetId: null };
}

function onTab(state: SettingsEditorState, modelId: number, change: (tab: TabState) => TabState): SettingsEditorState {
  const tab = state.tabs[modelId];
  if (!tab) return state;
  const next = change(tab);
  return next === tab ? state : { ...state, tabs: { ...state.tabs, [modelId]: next } };
}

const cleared = (tab: TabState, edited: SettingValues): TabState => ({ ...tab, edited, errors: {}, raw: {} });

export function settingsEditorReducer(state: SettingsEditorState, action: SettingsEditorAction): SettingsEditorState {
  switch (action.type) {
    case 'setInitial':
      return { ...state, tabs: { ...state.tabs, [action.modelId]: initialTab(action.modelId, action.deviceIds, action.data) } };
    case 'setTab':
      return state.activeModelId === action.modelId ? state : { ...state, activeModelId: action.modelId };
    case 'updateField':
      return onTab(state, action.modelId, (tab) => updateField(tab, action.label, action.edit));
    case 'resetToDesired':
      return onTab(state, action.modelId, (tab) => cleared(tab, { ...tab.initial }));
    case 'resetToDefaults':
      return onTab(state, action.modelId, (tab) => {
        const edited: SettingValues = {};
        for (const s of settingsOf(tab)) edited[s.label] = s.type === 'label' ? (tab.initial[s.label] ?? s.default) : s.default;
        return cleared(tab, edited);
      });
    case 'copyFromTab': {
      const from = state.tabs[action.fromModelId];
      if (!from || action.fromModelId === action.modelId) return state;
      const types = new Map(settingsOf(from).map((s) => [s.label, s.type]));
      return onTab(state, action.modelId, (tab) =>
        setValues(
          tab,
          Object.entries(from.edited).filter(([label]) => types.get(label) === settingOf(tab, label)?.type),
        ),
      );
    }
    case 'applyPreset':
      return onTab(state, action.modelId, (tab) => {
        const preset = tab.presets.find((p) => p.id === action.presetId);
        return preset ? setValues(tab, preset.settings.map((s) => [s.label, s.value] as const)) : tab;
      });
    case 'addPreset':
      return onTab(state, action.modelId, (tab) => ({ ...tab, presets: [...tab.presets.filter((p) => p.id !== action.preset.id), action.preset] }));
    case 'updatePreset':
      return onTab(state, action.modelId, (tab) => ({ ...tab, presets: tab.presets.map((p) => (p.id === action.preset.id ? action.preset : p)) }));
    case 'deletePreset':
      return onTab(state, action.modelId, (tab) => ({
        ...tab,
        presets: tab.presets.filter((p) => p.id !== action.presetId),
        editingPresetId: tab.editingPresetId === action.presetId ? null : tab.editingPresetId,
      }));
    case 'setEditing':
      return onTab(state, action.modelId, (tab) => (tab.editingPresetId === action.presetId ? tab : { ...tab, editingPresetId: action.presetId }));
  }
}

// ---- Reading the state ---------------------------------------------------------------------------

/** The text a number field shows: what was typed, else the value (a colour's channel of it). */
export function fieldText(tab: TabState, label: string, channel?: Channel): string {
  const typedText = tab.raw[fieldKey(label, channel)];
  if (typedText !== undefined) return typedText;
  const value = tab.edited[label] ?? 0;
  return String(channel ? unpackColor(value)[channel] : value);
}

export const fieldError = (tab: TabState, label: string, channel?: Channel): string | null => tab.errors[fieldKey(label, channel)] ?? null;

export interface SettingChange {
  setting: SettingView;
  from: number;
  to: number;
}

/** Every setting whose edited value differs from what the devices have. */
export function changesOf(tab: TabState): SettingChange[] {
  return settingsOf(tab).flatMap((setting) => {
    const from = tab.initial[setting.label];
    const to = tab.edited[setting.label];
    return setting.type !== 'label' && from !== undefined && to !== undefined && from !== to ? [{ setting, from, to }] : [];
  });
}

export const tabHasErrors = (tab: TabState) => Object.keys(tab.errors).length > 0;
export const hasErrors = (state: SettingsEditorState) => Object.values(state.tabs).some(tabHasErrors);

/** The changed settings of every tab that has changes. */
export function scheduledSettings(state: SettingsEditorState): ScheduledSettings[] {
  return Object.values(state.tabs).flatMap((tab) => {
    const changes = changesOf(tab);
    return changes.length === 0 ? [] : [{ tabModelId: tab.modelId, deviceIds: tab.deviceIds, settings: changes.map((c) => ({ label: c.setting.label, desired: c.to })) }];
  });
}

/** Schedule changes: only with differences and no field in error. */
export const canSchedule = (state: SettingsEditorState) => !hasErrors(state) && scheduledSettings(state).length > 0;

/** The edited values as a preset keeps them (settings that cannot be changed left out). */
export const presetSettings = (tab: TabState): Preset['settings'] =>
  settingsOf(tab).flatMap((s) => (s.type === 'label' ? [] : [{ label: s.label, value: tab.edited[s.label] ?? s.default }]));
