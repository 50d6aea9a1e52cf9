import { describe, expect, it } from 'vitest';
import { connectedShare, connectivityRows, defaultMetricsRange, earliestMetricsDay, metricsInstants, transferRows } from './metrics';

describe('metrics range', () => {
  it('offers about the last month, never the future', () => {
    expect(defaultMetricsRange('2026-11-29')).toEqual(['2026-10-31', '2026-11-29']);
    expect(earliestMetricsDay('2026-11-29')).toBe('2026-10-30');
    const now = Date.parse('2026-11-29T10:15:00Z');
    expect(metricsInstants('2026-10-31', '2026-11-29', now)).toEqual({ from: '2026-10-31T00:00:00.000Z', to: '2026-11-29T10:15:00.000Z' });
    expect(metricsInstants('2026-11-01', '2026-11-02', now)).toEqual({ from: '2026-11-01T00:00:00.000Z', to: '2026-11-03T00:00:00.000Z' });
  });
});

describe('series', () => {
  it('pivots telemetry into one row per interval', () => {
    const rows = transferRows([
      { timestamp: '2026-11-29T00:30:00Z', metric: 'dispense uploads', value: 2 },
      { timestamp: '2026-11-29T00:00:00Z', metric: 'system location', value: 5 },
      { timestamp: '2026-11-29T00:00:00Z', metric: 'dispense uploads', value: 1 },
    ]);
    expect(rows).toEqual([
      { time: Date.parse('2026-11-29T00:00:00Z'), 'system location': 5, 'dispense uploads': 1 },
      { time: Date.parse('2026-11-29T00:30:00Z'), 'system location': 0, 'dispense uploads': 2 },
    ]);
  });

  it('holds connectivity to the end of the range and measures the connected share', () => {
    const rows = connectivityRows(
      [
        { timestamp: '2026-11-29T06:00:00Z', connected: false },
        { timestamp: '2026-11-29T00:00:00Z', connected: true },
      ],
      '2026-11-29T12:00:00Z',
    );
    expect(rows.map((r) => r.connected)).toEqual([1, 0, 0]);
    expect(rows.at(-1)!.time).toBe(Date.parse('2026-11-29T12:00:00Z'));
    expect(connectedShare(rows)).toBe(50);
    expect(connectedShare([])).toBe(0);
  });
});
