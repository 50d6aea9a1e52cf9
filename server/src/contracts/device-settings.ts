import { z } from 'zod';
import type { DeviceType } from './devices';

// The settings a device carries (docs/OPERATIONS.md 'Settings'): each kind of operable
// device has a catalogue of settings in groups, each with its type, range and default. A device
// stores the values wanted of it (desired) and the values it last confirmed (reported); the
// settings editor edits the first, a SETTING operation carries them to the device, and a
// completed one makes them the second. docs/OPERATIONS.md tells the whole flow.

export const SETTING_TYPES = ['switch', 'slider', 'color', 'label'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

export interface SettingDefinition {
  label: string;
  type: SettingType;
  default: number;
  min: number;
  max: number;
  step: number;
  /** ms is shown as s, s as min. */
  unit?: 'ms' | 's' | 'dBm' | '%';
  description: string;
}

export interface SettingGroup {
  label: string;
  settings: readonly SettingDefinition[];
}

/** Colours pack R, G and B bytes into one integer. */
export const MAX_COLOR = 0xff_ff_ff;

const sw = (label: string, on: boolean, description: string): SettingDefinition => ({
  label,
  type: 'switch',
  default: on ? 1 : 0,
  min: 0,
  max: 1,
  step: 1,
  description,
});
const color = (label: string, value: number, description: string): SettingDefinition => ({
  label,
  type: 'color',
  default: value,
  min: 0,
  max: MAX_COLOR,
  step: 1,
  description,
});
const slider = (
  label: string,
  range: { min: number; max: number; step?: number; default: number; unit?: SettingDefinition['unit'] },
  description: string,
): SettingDefinition => ({ label, type: 'slider', default: range.default, min: range.min, max: range.max, step: range.step ?? 1, unit: range.unit, description });

/** The setting that is the device's transmit power: once applied, it is the power the lists show. */
export const TX_POWER_SETTING = 'TX Power';

/** TX power (dBm): the bands the lists colour (docs/SCREENS.md 'Beacon Operations and Dispenser Operations'). */
const txPower = (value: number) =>
  slider(TX_POWER_SETTING, { min: -40, max: 4, step: 4, default: value, unit: 'dBm' }, 'Transmit power: higher reaches further and drains the battery faster.');

const WEARABLE_SETTINGS: readonly SettingGroup[] = [
  {
    label: 'Alerts',
    settings: [
      sw('Vibration', true, 'Vibrates when a hand-hygiene opportunity is missed.'),
      slider('Vibration Duration', { min: 100, max: 2000, step: 100, default: 500, unit: 'ms' }, 'How long one vibration lasts.'),
      color('Reminder Color', 0xff_00_00, 'The light shown with a reminder.'),
    ],
  },
  {
    label: 'Radio',
    settings: [
      slider('Scan Interval', { min: 1, max: 60, default: 5, unit: 's' }, 'How often the wearable listens for room beacons.'),
      slider('Room Threshold', { min: -100, max: -30, default: -70, unit: 'dBm' }, 'The weakest beacon signal that counts as being in the room.'),
    ],
  },
];

/** The settings catalogue of each operable device type. */
export const SETTING_CATALOGUE: Readonly<Partial<Record<DeviceType, readonly SettingGroup[]>>> = {
  BEACON: [
    {
      label: 'Radio',
      settings: [
        txPower(-8),
        slider('Advertising Interval', { min: 100, max: 10_000, step: 100, default: 1000, unit: 'ms' }, 'Time between two advertisements.'),
      ],
    },
    {
      label: 'Indicator',
      settings: [sw('LED', true, 'Blinks when the beacon advertises.'), color('LED Color', 0x00_ff_00, 'The colour of the blink.')],
    },
  ],
  DISPENSER: [
    {
      label: 'Dispense',
      settings: [
        sw('Dispense Reminder', true, 'Lights up when someone in the room has not washed.'),
        slider('Reminder Interval', { min: 60, max: 3600, step: 60, default: 300, unit: 's' }, 'Time between two reminders.'),
        color('LED Color', 0x00_00_ff, 'The colour of the reminder light.'),
      ],
    },
    {
      label: 'Radio',
      settings: [
        txPower(-4),
        slider('Report Interval', { min: 60, max: 3600, step: 60, default: 900, unit: 's' }, 'How often the dispenser reports its level and battery.'),
      ],
    },
  ],
  WRISTBAND: WEARABLE_SETTINGS,
  BADGE: [
    ...WEARABLE_SETTINGS,
    { label: 'Screen', settings: [slider('Screen Brightness', { min: 0, max: 100, step: 5, default: 60, unit: '%' }, 'The brightness of the badge screen.')] },
  ],
};

/** The device types that have settings and firmware updates (the operations pages). */
export const OPERABLE_TYPES = ['BEACON', 'DISPENSER', 'WRISTBAND', 'BADGE'] as const satisfies readonly DeviceType[];
export type OperableType = (typeof OPERABLE_TYPES)[number];

/** Every setting of a type, by label. */
export function settingsOf(type: DeviceType): Map<string, SettingDefinition> {
  return new Map((SETTING_CATALOGUE[type] ?? []).flatMap((g) => g.settings.map((s) => [s.label, s] as const)));
}

/** Why a value does not fit its setting (null when it fits): a whole number within its range, on its step. */
export function settingValueError(setting: SettingDefinition, value: number): string | null {
  if (!Number.isInteger(value)) return `${setting.label} must be a whole number`;
  if (setting.type === 'label') return `${setting.label} cannot be changed`;
  if (value < setting.min || value > setting.max) {
    return setting.type === 'color' ? `${setting.label} must be a colour (each channel 0–255)` : `${setting.label} must be between ${setting.min} and ${setting.max}`;
  }
  if (setting.type === 'slider' && (value - setting.min) % setting.step !== 0) return `${setting.label} must be in steps of ${setting.step}`;
  return null;
}

/** A setting's values as stored: label → value. */
export type SettingValues = Record<string, number>;

/** Settings sync state (docs/OPERATIONS.md 'Settings'): none wanted, all confirmed, or some differing. */
export const SYNC_STATES = ['unconfigured', 'ok', 'mismatched'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

export function syncState(desired: SettingValues | null, reported: SettingValues | null): SyncState {
  if (!desired || Object.keys(desired).length === 0) return 'unconfigured';
  return Object.entries(desired).every(([label, value]) => reported?.[label] === value) ? 'ok' : 'mismatched';
}

/** One setting as the settings editor shows it for a set of devices. */
export const settingViewSchema = z.object({
  label: z.string(),
  type: z.enum(SETTING_TYPES),
  /** The value wanted of every device of the set (null when they differ or none was set). */
  desired: z.number().int().nullable(),
  default: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
  step: z.number().int(),
  unit: z.enum(['ms', 's', 'dBm', '%']).nullable(),
  description: z.string(),
});
export type SettingView = z.infer<typeof settingViewSchema>;
export const settingGroupViewSchema = z.object({ label: z.string(), settings: z.array(settingViewSchema) });
export type SettingGroupView = z.infer<typeof settingGroupViewSchema>;
