import { Skeleton } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { afterNextPaint } from '@/lib/after-paint';
import { useFirstSeen } from '@/lib/use-first-seen';
import { NoData } from './report-card';
import type TrendChartBodyComponent from './trend-chart-body';

// Its own chunk (the charting library is the largest one the reports use), loaded and drawn once
// the chart is scrolled near: the stat cards and tables of a report show first, and the chart's
// place is held by a placeholder of its size. A chart not yet scrolled to loads the chunk a
// little after the page has settled all the same, so that a printout (which shows the whole
// page) can draw every chart the moment it is asked for.
type Body = typeof TrendChartBodyComponent;
// Once loaded, drawn directly: React.lazy would still suspend for a turn the first time it renders.
let loadedBody: Body | null = null;
const loadBody = () =>
  import('./trend-chart-body').then((module) => {
    loadedBody = module.default;
    return module;
  });
const LazyBody = lazy(loadBody);
const PRELOAD_AFTER_MS = 2_000;

const CHART_HEIGHT = 260;
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** 'May 6' for a UTC day. */
export function dayLabel(day: string): string {
  return shortDay.format(new Date(`${day}T00:00:00Z`));
}

/** A day marked on a chart (a low-trust day): a vertical line with its label. */
export interface DayMark {
  date: string;
  label: string;
  color: string;
}

/** A value marked across a chart (one's own goal): a horizontal line with its label. */
export interface LevelMark {
  value: number;
  label: string;
  color: string;
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
  marks = [],
  levels = [],
}: {
  data: readonly ({ date: string } & Record<string, number | string | null>)[];
  series: Series[];
  unit?: string;
  kind?: 'line' | 'bar';
  yMax?: number;
  /** Accessible name of the chart (charts are images to screen readers). */
  label: string;
  /** Days to mark with a vertical line (shown in words beside the chart by its caller). */
  marks?: readonly DayMark[];
  /** Values to mark with a horizontal line (shown in words beside the chart by its caller). */
  levels?: readonly LevelMark[];
}) {
  const [ref, seen] = useFirstSeen<HTMLDivElement>();
  const ChartBody = loadedBody ?? LazyBody;
  useEffect(() => {
    if (seen) return;
    const timer = setTimeout(() => afterNextPaint(() => void loadBody()), PRELOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [seen]);
  const hasValue = data.some((row) => series.some((s) => typeof row[s.name] === 'number'));
  if (!hasValue) return <NoData />;
  const rows = data.map((row) => ({ ...row, day: dayLabel(row.date) }));
  const placeholder = <Skeleton h={CHART_HEIGHT} aria-hidden />;
  return (
    <div ref={ref} role="img" aria-label={label} data-trend-chart>
      {seen ? (
        <Suspense fallback={placeholder}>
          <ChartBody rows={rows} series={series} unit={unit} kind={kind} yMax={yMax} height={CHART_HEIGHT} marks={marks.map((m) => ({ ...m, day: dayLabel(m.date) }))} levels={levels} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
