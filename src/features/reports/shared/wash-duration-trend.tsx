import { handwashEndpoints } from '@contracts/reports/compliance';
import { reportQueryOptions } from './api/report-query';
import type { ReportQueryParams } from '../filters/filter-state';
import { type ReportLink, ReportCard } from './report-card';
import { reportSection } from './report-section';
import { TrendChart } from './trend-chart';

/** The daily average wash duration of soap and of sanitizer (a page shows it only when the organization shows durations). */
export const WashDurationSection = reportSection(
  'WashDurationSection',
  { washTrend: ({ query }: { query: ReportQueryParams; link?: ReportLink }) => reportQueryOptions(handwashEndpoints.washTypeTrend, query) },
  function WashDurationBody({ washTrend, link }) {
    return (
      <ReportCard title="Wash Duration Trend" link={link} loading={washTrend.isFetching} error={washTrend.data ? null : washTrend.error}>
        <TrendChart
          label="Average wash duration per day, seconds, soap and sanitizer"
          data={(washTrend.data?.trend ?? []).map((p) => ({ date: p.date, Soap: p.soapDuration, Sanitizer: p.sanitizerDuration }))}
          series={[
            { name: 'Soap', color: 'blue.6' },
            { name: 'Sanitizer', color: 'teal.6' },
          ]}
          unit=" s"
        />
      </ReportCard>
    );
  },
);
