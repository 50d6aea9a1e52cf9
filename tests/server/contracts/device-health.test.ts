import { describe, expect, it } from 'vitest';
import { batteryMillivoltHealth, batteryPercentHealth, deviceAttention, healthSummary, healthSummaryWords, heartbeatHealth, txPowerHealth, txPowerModeOf } from '../../../server/src/contracts/device-health';

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

describe('a location’s health summary', () => {
  const NOW_ISO = new Date(NOW).toISOString();
  it('counts each device needing attention once, and each reading at its level', () => {
    const devices = [
      { lastHeartbeatAt: NOW_ISO, batteryPercent: 90, txPower: -30, mode: 'NORMAL' },
      { lastHeartbeatAt: hoursAgo(30), batteryPercent: 20, txPower: -30, mode: 'NORMAL' },
      { lastHeartbeatAt: hoursAgo(60), batteryPercent: 40, txPower: -20, mode: 'NORMAL' },
      { lastHeartbeatAt: null, batteryMv: 2200 },
      { lastHeartbeatAt: NOW_ISO, batteryMv: 2900, txPower: -18, mode: 'PASSIVE' },
    ];
    const summary = healthSummary(devices, NOW);
    expect(summary).toEqual({ devices: 5, attention: 3, heartbeat: { warning: 1, error: 1 }, battery: { warning: 1, error: 2 }, txPower: { warning: 0, error: 1 } });
    expect(healthSummaryWords(summary, { one: 'beacon', many: 'beacons' })).toBe(
      '3 of 5 beacons need attention: heartbeat 1 error, 1 warning; battery 2 errors, 1 warning; TX power 1 error.',
    );
  });

  it('says when every device is healthy, or there is none', () => {
    const healthy = healthSummary([{ lastHeartbeatAt: new Date(NOW).toISOString(), batteryMv: 3000 }], NOW);
    expect(healthSummaryWords(healthy, { one: 'dispenser', many: 'dispensers' })).toBe('The dispenser is healthy.');
    expect(healthSummaryWords(healthSummary([], NOW), { one: 'dispenser', many: 'dispensers' })).toBe('No dispensers.');
    const two = healthSummary([{ lastHeartbeatAt: new Date(NOW).toISOString() }, { lastHeartbeatAt: new Date(NOW).toISOString() }], NOW);
    expect(healthSummaryWords(two, { one: 'badge', many: 'badges' })).toBe('All 2 badges healthy.');
  });
});

describe('a device’s attention', () => {
  it('is its worst reading at a warning or an error, with every such reading in words', () => {
    const fine = { lastHeartbeatAt: hoursAgo(1), batteryPercent: 80, txPower: -30, mode: 'NORMAL' };
    expect(deviceAttention(fine, NOW)).toEqual({ level: null, words: '' });
    expect(deviceAttention({ ...fine, batteryPercent: 40 }, NOW)).toEqual({ level: 'warning', words: 'Battery: Warning' });
    expect(deviceAttention({ ...fine, lastHeartbeatAt: hoursAgo(49), batteryPercent: 40 }, NOW)).toEqual({ level: 'error', words: 'Heartbeat: Error, Battery: Warning' });
    // A badge in passive mode at −13 dBm: within the normal band's error, a warning in passive bands.
    expect(deviceAttention({ ...fine, txPower: -13, mode: 'PASSIVE' }, NOW)).toEqual({ level: 'warning', words: 'TX power: Warning' });
    expect(deviceAttention({ lastHeartbeatAt: null, batteryMv: 2200 }, NOW)).toEqual({ level: 'error', words: 'Battery: Error' });
  });
});
