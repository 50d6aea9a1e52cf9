import type { PageEntry } from '../filters/filter-state';
import { SimpleGrid, Stack } from '@mantine/core';
import { handwashEndpoints } from '@contracts/reports/compliance';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session-context';
import { useReport } from '../api/report-query';
import { DEFINITIONS } from '../definitions';
import { OfflineStamp } from '@/components/offline-stamp';
import { ReportCard } from '../components/report-card';
import { ReportFilterBar } from '../components/report-filter-bar';
import { FigureCard } from '../components/figure-card';
import { TrendChart } from '../components/trend-chart';
import { WashDurationTrend } from '../components/wash-duration-trend';
import { exceedsSixMonths, reportQuery } from '../filters/filter-state';
import { useReportFilters } from '../filters/use-report-filters';

/** Hand Wash Analytics: wash duration average, total and hourly wash counts, and their trends. */
export default function HandwashPage({ entry }: { entry: PageEntry }) {
  const { user } = useSession();
  const { filters, update } = useReportFilters('/app/reports/handwash');
  const query = reportQuery(filters);
  const showDurations = user.organization.settings.displayDurations;
  const comparable = !exceedsSixMonths(filters.startDate, filters.endDate);
  const stats = useReport(handwashEndpoints.overviewStats, query);
  const counts = useReport(handwashEndpoints.washCountTrend, query);
  const types = useReport(handwashEndpoints.washTypeTrend, query, { enabled: showDurations });

  return (
    <Stack gap="md">
      <PageHeader title={entry.title} />
      <ReportFilterBar filters={filters} update={update} />
      <OfflineStamp updatedAt={stats.dataUpdatedAt} hasData={stats.data !== undefined} />
      <SimpleGrid cols={{ base: 1, xs: showDurations ? 3 : 2 }} spacing="md">
        {showDurations && (
          <FigureCard label="Wash Duration Average" stat={stats.data?.washAverage} kind="seconds" definition={DEFINITIONS.washAverage} loading={stats.isPending} comparable={comparable} />
        )}
        <FigureCard label="Total Washes" stat={stats.data?.washCount} kind="number" definition={DEFINITIONS.washCount} loading={stats.isPending} comparable={comparable} />
        <FigureCard
          label="Hourly Washes"
          stat={stats.data?.hourlyWashCount}
          kind="number"
          // One decimal: most hours see fewer than ten washes.
          value={stats.data && stats.data.hourlyWashCount.value !== null ? stats.data.hourlyWashCount.value.toFixed(1) : undefined}
          definition={DEFINITIONS.hourlyWashCount}
          loading={stats.isPending}
          comparable={comparable}
        />
      </SimpleGrid>
      {stats.error && !stats.data && (
        <ReportCard title="Hand washes" error={stats.error}>
          {null}
        </ReportCard>
      )}
      {showDurations && (
        <WashDurationTrend query={types} />
      )}
      <ReportCard title="Wash Count" loading={counts.isFetching} error={counts.data ? null : counts.error}>
        <TrendChart
          kind="bar"
          label="Hand-hygiene events per day"
          data={(counts.data?.trend ?? []).map((p) => ({ date: p.date, Washes: p.value }))}
          series={[{ name: 'Washes', color: 'teal.6' }]}
        />
      </ReportCard>
    </Stack>
  );
}
