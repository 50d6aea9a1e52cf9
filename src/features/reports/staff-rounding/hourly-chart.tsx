import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { HourlyStats } from '@contracts/reports/rounding';
import { NoData } from '../shared/report-card';

// The charting library is the reports' largest chunk: it loads with the chart, not with the page.
const HourlyChartBody = lazy(() => import('./visits-chart-body'));
const CHART_HEIGHT = 260;

/** Bed visits started in each hour of the day, as bars (hours as the location's clocks read them). */
export function HourlyChart({ hourly, label }: { hourly: HourlyStats; label: string }) {
  if (!hourly.some((h) => h.total > 0)) return <NoData>No visits in this range</NoData>;
  const rows = hourly.map((h) => ({ hour: h.hour, Visits: h.total }));
  return (
    <div role="img" aria-label={label} data-hourly-chart>
      <Suspense fallback={<Skeleton h={CHART_HEIGHT} aria-hidden />}>
        <HourlyChartBody rows={rows} height={CHART_HEIGHT} />
      </Suspense>
    </div>
  );
}
