import { describe, expect, it } from 'vitest';
import {
  canSchedule,
  changesOf,
  fieldError,
  fieldText,
  initialEditorState,
  presetSettings,
  scheduledSettings,
  type SettingsEditorAction,
  settingsEditorReducer,
  type SettingsEditorState,
  type TabState,
} from './settings-editor-state';
import { dispenserSettings, NIGHT, otherModelSettings } from './test-data';

const A = 7;
const B = 9;

function run(...actions: SettingsEditorAction[]): SettingsEditorState {
  return actions.reduce(settingsEditorReducer, initialEditorState(A));
}

const loaded: SettingsEditorAction[] = [
  { type: 'setInitial', modelId: A, deviceIds: [1, 2], data: dispenserSettings() },
  { type: 'setInitial', modelId: B, deviceIds: [5], data: otherModelSettings() },
];
const tabOf = (state: SettingsEditorState, modelId = A): TabState => state.tabs[modelId]!;
const edit = (label: string, e: Extract<SettingsEditorAction, { type: 'updateField' }>['edit'], modelId = A): SettingsEditorAction => ({
  type: 'updateField',
  modelId,
  label,
  edit: e,
});

describe('set initial and set tab', () => {
  it('takes desired values, or the default where desired is null', () => {
    const tab = tabOf(run(...loaded));
    expect(tab.initial).toEqual({ 'Dispense Reminder': 1, 'Reminder Interval': 300, 'LED Color': 0x0000ff, 'TX Power': -8, Serial: 42 });
    expect(tab.edited).toEqual(tab.initial);
    expect(tab.presets).toEqual([NIGHT]);
    expect(changesOf(tab)).toEqual([]);
    expect(canSchedule(run(...loaded))).toBe(false);
  });

  it('switches the active tab', () => {
    expect(run(...loaded).activeModelId).toBe(A);
    expect(run(...loaded, { type: 'setTab', modelId: B }).activeModelId).toBe(B);
  });

  it('ignores actions on a tab that is not loaded', () => {
    const state = run({ type: 'resetToDefaults', modelId: A });
    expect(state.tabs).toEqual({});
  });
});

describe('update field: sliders', () => {
  it('takes a valid typed value at once', () => {
    const tab = tabOf(run(...loaded, edit('Reminder Interval', { kind: 'text', text: '600' })));
    expect(tab.edited['Reminder Interval']).toBe(600);
    expect(fieldText(tab, 'Reminder Interval')).toBe('600');
    expect(fieldError(tab, 'Reminder Interval')).toBeNull();
  });

  it("refuses text other than '', '-' or integers", () => {
    const before = run(...loaded, edit('Reminder Interval', { kind: 'text', text: '12' }));
    const after = settingsEditorReducer(before, edit('Reminder Interval', { kind: 'text', text: '12.5' }));
    expect(after).toBe(before);
  });

  it('marks a value out of range as an error, keeps the last valid value, and reverts on blur', () => {
    let state = run(...loaded, edit('Reminder Interval', { kind: 'text', text: '600' }), edit('Reminder Interval', { kind: 'text', text: '6000' }));
    expect(fieldError(tabOf(state), 'Reminder Interval')).toBe('Must be between 60 and 3600');
    expect(fieldText(tabOf(state), 'Reminder Interval')).toBe('6000');
    expect(tabOf(state).edited['Reminder Interval']).toBe(600);
    expect(canSchedule(state)).toBe(false);

    state = settingsEditorReducer(state, edit('Reminder Interval', { kind: 'blur' }));
    expect(fieldText(tabOf(state), 'Reminder Interval')).toBe('600');
    expect(fieldError(tabOf(state), 'Reminder Interval')).toBeNull();
    expect(canSchedule(state)).toBe(true);
  });

  it("marks empty and '-' as errors, and off-step values", () => {
    expect(fieldError(tabOf(run(...loaded, edit('TX Power', { kind: 'text', text: '' }))), 'TX Power')).toBe('Enter a whole number');
    expect(fieldError(tabOf(run(...loaded, edit('TX Power', { kind: 'text', text: '-' }))), 'TX Power')).toBe('Enter a whole number');
    expect(fieldError(tabOf(run(...loaded, edit('TX Power', { kind: 'text', text: '-7' }))), 'TX Power')).toBe('Must be in steps of 4');
    expect(tabOf(run(...loaded, edit('TX Power', { kind: 'text', text: '-12' }))).edited['TX Power']).toBe(-12);
  });

  it('steps from the last valid value and clamps to min/max, clearing an error', () => {
    const up = tabOf(run(...loaded, edit('TX Power', { kind: 'text', text: '99' }), edit('TX Power', { kind: 'step', direction: 1 })));
    expect(up.edited['TX Power']).toBe(-4);
    expect(fieldError(up, 'TX Power')).toBeNull();
    expect(fieldText(up, 'TX Power')).toBe('-4');
    const top = tabOf(run(...loaded, edit('TX Power', { kind: 'text', text: '4' }), edit('TX Power', { kind: 'step', direction: 1 })));
    expect(top.edited['TX Power']).toBe(4);
    const bottom = tabOf(run(...loaded, edit('Reminder Interval', { kind: 'text', text: '60' }), edit('Reminder Interval', { kind: 'step', direction: -1 })));
    expect(bottom.edited['Reminder Interval']).toBe(60);
  });

  it('refuses a direct value out of range and any change to a label setting', () => {
    const state = run(...loaded);
    expect(settingsEditorReducer(state, edit('Reminder Interval', { kind: 'value', value: 5 }))).toBe(state);
    expect(settingsEditorReducer(state, edit('Serial', { kind: 'value', value: 1 }))).toBe(state);
    expect(settingsEditorReducer(state, edit('Serial', { kind: 'text', text: '1' }))).toBe(state);
  });
});

describe('update field: switches and colours', () => {
  it('sets a switch', () => {
    const tab = tabOf(run(...loaded, edit('Dispense Reminder', { kind: 'value', value: 0 })));
    expect(changesOf(tab)).toEqual([expect.objectContaining({ from: 1, to: 0 })]);
  });

  it('sets one colour channel, digits only, 0–255, and reverts on blur', () => {
    let state = run(...loaded, edit('LED Color', { kind: 'text', text: '255', channel: 'r' }));
    expect(tabOf(state).edited['LED Color']).toBe(0xff00ff);
    expect(settingsEditorReducer(state, edit('LED Color', { kind: 'text', text: '2a', channel: 'g' }))).toBe(state);

    state = settingsEditorReducer(state, edit('LED Color', { kind: 'text', text: '300', channel: 'g' }));
    expect(fieldError(tabOf(state), 'LED Color', 'g')).toBe('Must be 0–255');
    expect(fieldText(tabOf(state), 'LED Color', 'g')).toBe('300');
    expect(canSchedule(state)).toBe(false);
    state = settingsEditorReducer(state, edit('LED Color', { kind: 'text', text: '', channel: 'b' }));
    expect(fieldError(tabOf(state), 'LED Color', 'b')).toBe('Enter 0–255');

    state = settingsEditorReducer(state, edit('LED Color', { kind: 'blur', channel: 'g' }));
    expect(fieldText(tabOf(state), 'LED Color', 'g')).toBe('0');
    expect(fieldError(tabOf(state), 'LED Color', 'g')).toBeNull();
    expect(fieldError(tabOf(state), 'LED Color', 'b')).toBe('Enter 0–255');
    state = settingsEditorReducer(state, edit('LED Color', { kind: 'blur', channel: 'b' }));
    expect(fieldText(tabOf(state), 'LED Color', 'b')).toBe('255');
    expect(tabOf(state).edited['LED Color']).toBe(0xff00ff);
    expect(canSchedule(state)).toBe(true);
  });
});

describe('resets', () => {
  const edited = [
    ...loaded,
    edit('Reminder Interval', { kind: 'text', text: '900' }),
    edit('TX Power', { kind: 'text', text: '77' }),
    edit('Dispense Reminder', { kind: 'value', value: 0 }),
  ];

  it('reset to desired puts back what the devices have and clears errors', () => {
    const tab = tabOf(run(...edited, { type: 'resetToDesired', modelId: A }));
    expect(tab.edited).toEqual(tab.initial);
    expect(tab.errors).toEqual({});
    expect(tab.raw).toEqual({});
  });

  it('reset to defaults sets every default, leaving label settings as they are', () => {
    const tab = tabOf(run(...edited, { type: 'resetToDefaults', modelId: A }));
    expect(tab.edited).toEqual({ 'Dispense Reminder': 1, 'Reminder Interval': 300, 'LED Color': 0x0000ff, 'TX Power': -4, Serial: 42 });
    expect(tab.errors).toEqual({});
    expect(changesOf(tab).map((c) => [c.setting.label, c.from, c.to])).toEqual([['TX Power', -8, -4]]);
  });
});

describe('copy from tab', () => {
  it("copies the other tab's edited values for the labels both have", () => {
    const state = run(...loaded, edit('TX Power', { kind: 'text', text: '0' }, B), { type: 'copyFromTab', modelId: A, fromModelId: B });
    const tab = tabOf(state);
    expect(tab.edited['Reminder Interval']).toBe(1200);
    expect(tab.edited['LED Color']).toBe(0x00ff00);
    expect(tab.edited['TX Power']).toBe(0);
    expect(tab.edited.Serial).toBe(42);
  });

  it('does nothing while the other tab is not loaded', () => {
    const state = run(loaded[0]!);
    expect(settingsEditorReducer(state, { type: 'copyFromTab', modelId: A, fromModelId: B })).toBe(state);
  });

  it('leaves out values that do not fit this tab', () => {
    const narrow = dispenserSettings();
    narrow.groups[0]!.settings[1] = { ...narrow.groups[0]!.settings[1]!, max: 600 };
    const state = run({ type: 'setInitial', modelId: A, deviceIds: [1], data: narrow }, loaded[1]!, { type: 'copyFromTab', modelId: A, fromModelId: B });
    expect(tabOf(state).edited['Reminder Interval']).toBe(300);
    expect(tabOf(state).edited['LED Color']).toBe(0x00ff00);
  });
});

describe('presets', () => {
  const preset = { id: 40, name: 'New Preset', modelId: A, settings: [{ label: 'TX Power', value: 0 }] };

  it('applies a preset: its values become the edited ones', () => {
    const tab = tabOf(run(...loaded, { type: 'applyPreset', modelId: A, presetId: NIGHT.id }));
    expect(tab.edited['Reminder Interval']).toBe(600);
    expect(tab.edited['LED Color']).toBe(0xff0000);
    expect(tab.edited['TX Power']).toBe(-8);
  });

  it('adds, updates, deletes and sets the one being renamed', () => {
    let state = run(...loaded, { type: 'addPreset', modelId: A, preset }, { type: 'setEditing', modelId: A, presetId: 40 });
    expect(tabOf(state).presets.map((p) => p.name)).toEqual(['Night', 'New Preset']);
    expect(tabOf(state).editingPresetId).toBe(40);
    state = settingsEditorReducer(state, { type: 'updatePreset', modelId: A, preset: { ...preset, name: 'Ward 4' } });
    expect(tabOf(state).presets.map((p) => p.name)).toEqual(['Night', 'Ward 4']);
    state = settingsEditorReducer(state, { type: 'deletePreset', modelId: A, presetId: 40 });
    expect(tabOf(state).presets).toEqual([NIGHT]);
    expect(tabOf(state).editingPresetId).toBeNull();
  });

  it('keeps the edited values of every changeable setting in a new preset', () => {
    const tab = tabOf(run(...loaded, edit('TX Power', { kind: 'text', text: '0' })));
    expect(presetSettings(tab)).toEqual([
      { label: 'Dispense Reminder', value: 1 },
      { label: 'Reminder Interval', value: 300 },
      { label: 'LED Color', value: 0x0000ff },
      { label: 'TX Power', value: 0 },
    ]);
  });
});

describe('scheduling', () => {
  it('hands over the changed settings of every tab that has changes', () => {
    const state = run(
      ...loaded,
      edit('Reminder Interval', { kind: 'step', direction: 1 }),
      edit('Dispense Reminder', { kind: 'value', value: 0 }, B),
      edit('LED Color', { kind: 'text', text: '0', channel: 'b' }),
    );
    expect(scheduledSettings(state)).toEqual([
      {
        tabModelId: A,
        deviceIds: [1, 2],
        settings: [
          { label: 'Reminder Interval', desired: 360 },
          { label: 'LED Color', desired: 0 },
        ],
      },
      { tabModelId: B, deviceIds: [5], settings: [{ label: 'Dispense Reminder', desired: 0 }] },
    ]);
    expect(canSchedule(state)).toBe(true);
  });

  it('a change undone is no change', () => {
    const state = run(...loaded, edit('TX Power', { kind: 'step', direction: 1 }), edit('TX Power', { kind: 'step', direction: -1 }));
    expect(scheduledSettings(state)).toEqual([]);
    expect(canSchedule(state)).toBe(false);
  });
});
