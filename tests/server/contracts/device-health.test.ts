import { describe, expect, it } from 'vitest';
import { batteryMillivoltHealth, batteryPercentHealth, heartbeatHealth, txPowerHealth, txPowerModeOf } from '../../../server/src/contracts/device-health';

// The device health rules at each edge (docs/SCREENS.md 'Device health').

const NOW = Date.parse('2026-05-10T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();

describe('device health', () => {
  it('judges a heartbeat okay within 24 h, a warning up to 48 h, an error beyond, and unknown when never heard', () => {
    expect(heartbeatHealth(hoursAgo(0), NOW)).toBe('ok');
    expect(heartbeatHealth(hoursAgo(24), NOW)).toBe('ok');
    expect(heartbeatHealth(hoursAgo(24.001), NOW)).toBe('warning');
    expect(heartbeatHealth(hoursAgo(48), NOW)).toBe('warning');
    expect(heartbeatHealth(hoursAgo(48.001), NOW)).toBe('error');
    expect(heartbeatHealth(null, NOW)).toBeNull();
  });

  it('judges a battery in percent: above 50 okay, above 25 a warning, else an error', () => {
    expect([51, 50, 26, 25, 1, 0].map(batteryPercentHealth)).toEqual(['ok', 'warning', 'warning', 'error', 'error', 'error']);
    expect(batteryPercentHealth(null)).toBeNull();
  });

  it('judges a battery in millivolts: above 2700 okay, above 2300 a warning, else an error', () => {
    expect([2701, 2700, 2301, 2300].map(batteryMillivoltHealth)).toEqual(['ok', 'warning', 'warning', 'error']);
    expect(batteryMillivoltHealth(null)).toBeNull();
  });

  it('judges TX power in normal mode at each band edge', () => {
    const health = (dbm: number) => txPowerHealth(dbm, 'NORMAL');
    expect([-41, -40, -39, -35, -34, -30, -26, -25, -24, -20, -19].map(health)).toEqual([
      'error', 'error', 'warning', 'warning', 'ok', 'ok', 'ok', 'warning', 'warning', 'error', 'error',
    ]);
  });

  it('judges TX power in passive (badge) mode at each band edge', () => {
    const health = (dbm: number) => txPowerHealth(dbm, 'PASSIVE');
    expect([-29, -28, -27, -24, -23, -18, -15, -14, -13, -12, -11].map(health)).toEqual([
      'error', 'error', 'warning', 'warning', 'ok', 'ok', 'ok', 'warning', 'warning', 'error', 'error',
    ]);
    expect(txPowerHealth(null, 'PASSIVE')).toBeNull();
  });

  it('reads a passive device’s TX power in passive bands and any other in normal ones', () => {
    expect(txPowerModeOf('PASSIVE')).toBe('PASSIVE');
    expect(['NORMAL', null, 'SMART'].map(txPowerModeOf)).toEqual(['NORMAL', 'NORMAL', 'NORMAL']);
  });
});
