import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { NoData } from './report-card';

const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'May 6' for a UTC day. */
export function dayLabel(day: string): string {
  return shortDay.format(new Date(`${day}T00:00:00Z`));
}

export interface Series {
  name: string;
  label?: string;
  color: string;
}

/**
 * A daily line (or bar) chart that resizes with its card. `data` rows carry `date` (YYYY-MM-DD)
 * and one number (or null for no value) per series.
 */
export function TrendChart({
  data,
  series,
  unit,
  kind = 'line',
  yMax,
  label,
}: {
  data: readonly ({ date: string } & Record<string, number | string | null>)[];
  series: Series[];
  unit?: string;
  kind?: 'line' | 'bar';
  yMax?: number;
  /** Accessible name of the chart (charts are images to screen readers). */
  label: string;
}) {
  const hasValue = data.some((row) => series.some((s) => typeof row[s.name] === 'number'));
  if (!hasValue) return <NoData />;
  const rows = data.map((row) => ({ ...row, day: dayLabel(row.date) }));
  const common = {
    h: 260,
    data: rows,
    dataKey: 'day',
    series,
    unit,
    withLegend: series.length > 1,
    yAxisProps: yMax === undefined ? undefined : { domain: [0, yMax] },
    valueFormatter: (value: number) => `${Math.round(value * 10) / 10}${unit ?? ''}`,
  };
  return (
    <div role="img" aria-label={label}>
      {kind === 'line' ? <LineChart {...common} curveType="monotone" connectNulls={false} /> : <BarChart {...common} />}
    </div>
  );
}
