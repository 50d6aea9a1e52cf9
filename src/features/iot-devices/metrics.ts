import { METRICS_MAX_DAYS, TELEMETRY_METRICS, type ConnectivityPoint, type TelemetryMetric, type TelemetryPoint } from '@contracts/iot';
import { addDays } from '@/components/filters';

// The metrics dialog's range and series (docs/SCREENS.md 'View Metrics'): about the last month,
// not in the future; its intervals.

export type MetricsView = 'connectivity' | 'transfer';

export const INTERVAL_OPTIONS = [
  { value: '5m', label: '5 min' },
  { value: '15m', label: '15 min' },
  { value: '30m', label: '30 min' },
  { value: '1h', label: '1 hour' },
  { value: '6h', label: '6 hours' },
] as const;

/** The earliest day the range may start: a whole day inside the server's last METRICS_MAX_DAYS days. */
export const earliestMetricsDay = (today: string): string => addDays(today, 1 - METRICS_MAX_DAYS);

/** The range first shown: the last 30 days, today included. */
export const defaultMetricsRange = (today: string): [string, string] => [addDays(today, -29), today];

/** A range of UTC days as the instants asked for: from the first day's start to the end of the last day, or now when that is sooner. */
export function metricsInstants(start: string, end: string, now: number): { from: string; to: string } {
  const endMs = Math.min(Date.parse(`${addDays(end, 1)}T00:00:00.000Z`), now);
  const fromMs = Math.min(Date.parse(`${start}T00:00:00.000Z`), endMs);
  return { from: new Date(fromMs).toISOString(), to: new Date(endMs).toISOString() };
}

/** Telemetry as chart rows: one per interval, a column per metric. */
export function transferRows(points: readonly TelemetryPoint[]): ({ time: number } & Record<TelemetryMetric, number>)[] {
  const rows = new Map<string, { time: number } & Record<TelemetryMetric, number>>();
  for (const point of points) {
    let row = rows.get(point.timestamp);
    if (!row) {
      row = { time: Date.parse(point.timestamp), ...(Object.fromEntries(TELEMETRY_METRICS.map((m) => [m, 0])) as Record<TelemetryMetric, number>) };
      rows.set(point.timestamp, row);
    }
    row[point.metric] += point.value;
  }
  return [...rows.values()].sort((a, b) => a.time - b.time);
}

/** Connectivity as a step line: 1 while connected, 0 while not, held until the range's end. */
export function connectivityRows(points: readonly ConnectivityPoint[], to: string): { time: number; connected: number }[] {
  const rows = [...points].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp)).map((p) => ({ time: Date.parse(p.timestamp), connected: p.connected ? 1 : 0 }));
  const last = rows.at(-1);
  if (last && Date.parse(to) > last.time) rows.push({ time: Date.parse(to), connected: last.connected });
  return rows;
}

/** The share of the range a device was connected, 0–100. */
export function connectedShare(rows: readonly { time: number; connected: number }[]): number {
  let on = 0;
  let total = 0;
  for (let i = 1; i < rows.length; i += 1) {
    const span = rows[i]!.time - rows[i - 1]!.time;
    total += span;
    if (rows[i - 1]!.connected) on += span;
  }
  return total > 0 ? Math.round((on / total) * 100) : 0;
}
