import type { WearableManagementRow, WearableUsageRow } from '@contracts/reports/wearable-reports';
import { describe, expect, it } from 'vitest';
import { formatLocalWallClock, isLiveRange, liveToggleRange, searchManagement, searchUsage } from './smartsensors';

const usage = (userName: string, code: string | null, wearableMac: string | null): WearableUsageRow => ({
  userName,
  userId: userName.length,
  organizationId: 3,
  profession: null,
  usageStartLocal: null,
  bedVisits: 0,
  handwashes: 0,
  code,
  wearableMac,
  wearableId: 1,
  usageMs: 0,
  avgHandwashDuration: null,
});

describe('live mode', () => {
  const today = '2026-11-26';

  it('is live exactly when the range is today alone', () => {
    expect(isLiveRange({ startDate: today, endDate: today }, today)).toBe(true);
    expect(isLiveRange({ startDate: '2026-11-20', endDate: today }, today)).toBe(false);
    expect(isLiveRange({ startDate: '2026-11-25', endDate: '2026-11-25' }, today)).toBe(false);
  });

  it('switches off to the 7 days ending yesterday and on again to today', () => {
    const off = liveToggleRange(false, today);
    expect(off).toEqual({ startDate: '2026-11-19', endDate: '2026-11-25' });
    expect(isLiveRange(off, today)).toBe(false);
    const on = liveToggleRange(true, today);
    expect(on).toEqual({ startDate: today, endDate: today });
    expect(isLiveRange(on, today)).toBe(true);
  });

  it('crosses month and year ends', () => {
    expect(liveToggleRange(false, '2027-01-03')).toEqual({ startDate: '2026-12-27', endDate: '2027-01-02' });
  });
});

describe('searching SmartSensors', () => {
  const rows = [usage('Dana Ortiz', 'SS-104', 'AA:BB:CC:00:11:22'), usage('Lee Park', null, null), usage('Sam Reyes', 'SS-200', 'AA:BB:CC:99:88:77')];

  it('finds by name, code or MAC, any case, a MAC also without separators', () => {
    expect(searchUsage(rows, 'dana').map((r) => r.userName)).toEqual(['Dana Ortiz']);
    expect(searchUsage(rows, 'ss-2').map((r) => r.userName)).toEqual(['Sam Reyes']);
    expect(searchUsage(rows, 'cc:99').map((r) => r.userName)).toEqual(['Sam Reyes']);
    expect(searchUsage(rows, '001122').map((r) => r.userName)).toEqual(['Dana Ortiz']);
    expect(searchUsage(rows, 'nobody')).toEqual([]);
    expect(searchUsage(rows, '  ')).toBe(rows);
  });

  it('finds devices by code, MAC or last user', () => {
    const device = (code: string | null, mac: string, lastUserName: string | null) => ({ code, mac, lastUserName }) as WearableManagementRow;
    const devices = [device('SS-1', 'AA:00:00:00:00:01', 'Dana Ortiz'), device(null, 'AA:00:00:00:00:02', null)];
    expect(searchManagement(devices, 'ortiz')).toEqual([devices[0]]);
    expect(searchManagement(devices, '000002')).toEqual([devices[1]]);
    expect(searchManagement(devices, 'ss-1')).toEqual([devices[0]]);
  });
});

describe('the usage start', () => {
  it('reads the wall clock of the wearer\'s location, whatever the reader\'s zone', () => {
    const shown = formatLocalWallClock('2026-11-20T07:03:00-08:00');
    expect(shown).toMatch(/7:03/);
    expect(shown).toMatch(/20/);
    expect(formatLocalWallClock(null)).toBe('—');
  });
});
