import type { SettingView } from '@contracts/device-settings';
import { colorHex } from './color';

// Units (docs/OPERATIONS.md 'Settings'): a value stored in ms is shown in s, one stored in s in min. To keep it
// simple the fields edit the raw value in its stored unit (the range, the step and the server all
// speak it) and show the converted value as a hint next to it; the Changes summary shows the
// converted values.

export type SettingUnit = NonNullable<SettingView['unit']>;

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** The unit a stored unit is shown in, and how many stored units make one. */
const SHOWN: Partial<Record<SettingUnit, { unit: string; per: number }>> = {
  ms: { unit: 's', per: 1000 },
  s: { unit: 'min', per: 60 },
};

/** A value in the unit it is shown in: '1.5 s' for 1500 ms, '5 min' for 300 s, '-8 dBm', '60 %'. */
export function shownValue(value: number, unit: SettingUnit | null): string {
  if (unit === null) return number.format(value);
  const shown = SHOWN[unit];
  return shown ? `${number.format(value / shown.per)} ${shown.unit}` : `${number.format(value)} ${unit}`;
}

/** The hint next to a raw value in ms or s ('= 1.5 s'); null for the units shown as stored. */
export function unitHint(value: number, unit: SettingUnit | null): string | null {
  return unit !== null && SHOWN[unit] ? `= ${shownValue(value, unit)}` : null;
}

/** A setting's value in words: On/Off, the colour's hex, or the number in its shown unit. */
export function formatSettingValue(setting: Pick<SettingView, 'type' | 'unit'>, value: number): string {
  if (setting.type === 'switch') return value === 0 ? 'Off' : 'On';
  if (setting.type === 'color') return colorHex(value);
  return shownValue(value, setting.unit);
}
