import type { SettingView } from '@contracts/device-settings';
import type { DeviceSettingsResponse, Preset } from '@contracts/operations';

// Settings answers for the editor's tests: dispensers of two models (the catalogue's dispenser settings).

const setting = (s: Partial<SettingView> & Pick<SettingView, 'label' | 'type' | 'default'>): SettingView => ({
  desired: null,
  min: 0,
  max: 1,
  step: 1,
  unit: null,
  description: `${s.label} description.`,
  ...s,
});

export const NIGHT: Preset = {
  id: 31,
  name: 'Night',
  modelId: 7,
  settings: [
    { label: 'Reminder Interval', value: 600 },
    { label: 'LED Color', value: 0xff0000 },
  ],
};

export function dispenserSettings(overrides: Partial<DeviceSettingsResponse> = {}): DeviceSettingsResponse {
  return {
    deviceCount: 2,
    type: 'DISPENSER',
    model: { id: 7, name: 'Aqua 2' },
    versions: ['1.4.0'],
    groups: [
      {
        label: 'Dispense',
        settings: [
          setting({ label: 'Dispense Reminder', type: 'switch', default: 1, desired: 1 }),
          setting({ label: 'Reminder Interval', type: 'slider', default: 300, min: 60, max: 3600, step: 60, unit: 's' }),
          setting({ label: 'LED Color', type: 'color', default: 0x0000ff, max: 0xffffff }),
        ],
      },
      {
        label: 'Radio',
        settings: [
          setting({ label: 'TX Power', type: 'slider', default: -4, desired: -8, min: -40, max: 4, step: 4, unit: 'dBm' }),
          setting({ label: 'Serial', type: 'label', default: 42 }),
        ],
      },
    ],
    presets: [NIGHT],
    ...overrides,
  };
}

/** A second dispenser model: the same settings, other values. */
export function otherModelSettings(): DeviceSettingsResponse {
  const base = dispenserSettings({ deviceCount: 1, model: { id: 9, name: 'Aqua 3' }, versions: ['2.0.0'], presets: [] });
  return {
    ...base,
    groups: base.groups.map((g) => ({
      ...g,
      settings: g.settings.map((s) => (s.label === 'Reminder Interval' ? { ...s, desired: 1200 } : s.label === 'LED Color' ? { ...s, desired: 0x00ff00 } : s)),
    })),
  };
}
