import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import type { LevelMark, Series } from './trend-chart';

export interface TrendChartBodyProps {
  rows: readonly Record<string, number | string | null>[];
  series: Series[];
  unit?: string;
  kind: 'line' | 'bar';
  yMax?: number;
  height: number;
  /** Days marked with a vertical line, by their axis label. */
  marks?: readonly { day: string; label: string; color: string }[];
  /** Values marked with a horizontal line. */
  levels?: readonly LevelMark[];
}

/** The chart itself: the charting library is loaded with it, after the page's numbers are on screen. */
export default function TrendChartBody({ rows, series, unit, kind, yMax, height, marks = [], levels = [] }: TrendChartBodyProps) {
  const common = {
    h: height,
    data: [...rows],
    dataKey: 'day',
    series,
    unit,
    withLegend: series.length > 1,
    yAxisProps: yMax === undefined ? undefined : { domain: [0, yMax] },
    // The chart adds the unit after the formatted value, on the axis and in the tooltip.
    valueFormatter: (value: number) => `${Math.round(value * 10) / 10}`,
    referenceLines: [...marks.map((m) => ({ x: m.day, label: m.label, color: m.color })), ...levels.map((l) => ({ y: l.value, label: l.label, color: l.color }))],
  };
  return kind === 'line' ? <LineChart {...common} curveType="monotone" connectNulls={false} /> : <BarChart {...common} />;
}
