import type { washTypeTrendSchema } from '@contracts/reports/compliance';
import type { z } from 'zod';
import { type ReportLink, ReportCard } from './report-card';
import { TrendChart } from './trend-chart';

/** The daily average wash duration of soap and of sanitizer (shown only when durations are). */
export function WashDurationTrend({
  query,
  link,
}: {
  query: { data?: z.infer<typeof washTypeTrendSchema>; isFetching: boolean; error: Error | null };
  link?: ReportLink;
}) {
  return (
    <ReportCard title="Wash Duration Trend" link={link} loading={query.isFetching} error={query.data ? null : query.error}>
      <TrendChart
        label="Average wash duration per day, seconds, soap and sanitizer"
        data={(query.data?.trend ?? []).map((p) => ({ date: p.date, Soap: p.soapDuration, Sanitizer: p.sanitizerDuration }))}
        series={[
          { name: 'Soap', color: 'blue.6' },
          { name: 'Sanitizer', color: 'teal.6' },
        ]}
        unit=" s"
      />
    </ReportCard>
  );
}
