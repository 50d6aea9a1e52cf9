import { describe, expect, it } from 'vitest';
import { formatSettingValue, shownValue, unitHint } from './setting-units';

describe('setting units', () => {
  it('shows ms as s and s as min', () => {
    expect(shownValue(1500, 'ms')).toBe('1.5 s');
    expect(shownValue(300, 's')).toBe('5 min');
    expect(shownValue(90, 's')).toBe('1.5 min');
    expect(shownValue(-8, 'dBm')).toBe('-8 dBm');
    expect(shownValue(60, '%')).toBe('60 %');
    expect(shownValue(3, null)).toBe('3');
  });

  it('gives a hint only for converted units', () => {
    expect(unitHint(500, 'ms')).toBe('= 0.5 s');
    expect(unitHint(900, 's')).toBe('= 15 min');
    expect(unitHint(-8, 'dBm')).toBeNull();
    expect(unitHint(1, null)).toBeNull();
  });

  it('writes a value by its setting type', () => {
    expect(formatSettingValue({ type: 'switch', unit: null }, 1)).toBe('On');
    expect(formatSettingValue({ type: 'switch', unit: null }, 0)).toBe('Off');
    expect(formatSettingValue({ type: 'color', unit: null }, 0x0000ff)).toBe('#0000FF');
    expect(formatSettingValue({ type: 'slider', unit: 's' }, 300)).toBe('5 min');
  });
});
