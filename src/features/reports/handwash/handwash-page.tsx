import type { PageEntry } from '../filters/filter-state';
import { SimpleGrid, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { handwashEndpoints } from '@contracts/reports/compliance';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session-context';
import { reportQueryOptions } from '../shared/api/report-query';
import { FigureCard } from '../shared/figure-card';
import { ReportCard } from '../shared/report-card';
import { ReportFilterBar } from '../shared/report-filter-bar';
import { TrustBadge } from '../shared/trust-badge';
import { reportSection, useReportStages } from '../shared/report-section';
import { TrendChart } from '../shared/trend-chart';
import { WashDurationSection } from '../shared/wash-duration-trend';
import { DEFINITIONS } from '../shared/definitions';
import { exceedsSixMonths, type ReportQueryParams, reportQuery } from '../filters/filter-state';
import { useReportFilters } from '../filters/use-report-filters';

/** Hand Wash Analytics: wash duration average, total and hourly wash counts, and their trends. */
export default function HandwashPage({ entry }: { entry: PageEntry }) {
  const { user } = useSession();
  const { filters, update } = useReportFilters('/app/reports/handwash');
  const query = useMemo(() => reportQuery(filters), [filters]);
  const showDurations = user.organization.settings.displayDurations;
  const comparable = !exceedsSixMonths(filters.startDate, filters.endDate);
  // The figures first, then the trends.
  const shown = useReportStages(2, [...(showDurations ? WashDurationSection.callsFor({ query }) : []), ...WashCountSection.callsFor({ query })]);

  return (
    <Stack gap="md">
      <PageHeader title={entry.title} />
      <ReportFilterBar filters={filters} update={update} />
      <TrustBadge query={query} />
      <HandwashStats query={query} showDurations={showDurations} comparable={comparable} />
      {shown >= 2 && (
        <>
          {showDurations && <WashDurationSection query={query} />}
          <WashCountSection query={query} />
        </>
      )}
    </Stack>
  );
}

/** The figure cards, and the offline stamp of the page. */
const HandwashStats = reportSection(
  'HandwashStats',
  { stats: ({ query }: { query: ReportQueryParams; showDurations: boolean; comparable: boolean }) => reportQueryOptions(handwashEndpoints.overviewStats, query) },
  function HandwashStatsBody({ stats, showDurations, comparable }) {
    return (
      <>
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
      </>
    );
  },
);

/** Hand-hygiene events per day. */
const WashCountSection = reportSection(
  'WashCountSection',
  { counts: ({ query }: { query: ReportQueryParams }) => reportQueryOptions(handwashEndpoints.washCountTrend, query) },
  function WashCountBody({ counts }) {
    return (
      <ReportCard title="Wash Count" loading={counts.isFetching} error={counts.data ? null : counts.error}>
        <TrendChart
          kind="bar"
          label="Hand-hygiene events per day"
          data={(counts.data?.trend ?? []).map((p) => ({ date: p.date, Washes: p.value }))}
          series={[{ name: 'Washes', color: 'teal.6' }]}
        />
      </ReportCard>
    );
  },
);
