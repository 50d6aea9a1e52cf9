import { Group, SimpleGrid, Table, Text } from '@mantine/core';
import { complianceEndpoints, handwashEndpoints, type userRankingSchema } from '@contracts/reports/compliance';
import { DataTable, type DataColumn } from '@/components/data-table';
import { OfflineStamp } from '@/components/offline-stamp';
import { formatSeconds } from '@/lib/units';
import { reportQueryOptions } from '../shared/api/report-query';
import { ComplianceBadge } from '../shared/compliance-badge';
import { DisputeCounts } from '../shared/dispute-counts';
import { FigureCard } from '../shared/figure-card';
import { reportSection } from '../shared/report-section';
import { NoData, type ReportLink, ReportCard } from '../shared/report-card';
import type { StatKind } from '../shared/stat-values';
import { TrendChart } from '../shared/trend-chart';
import { LowTrustDaysNote, useLowTrustDays } from '../shared/trust-days';
import { DEFINITIONS } from '../shared/definitions';
import type { ReportQueryParams } from '../filters/filter-state';
import { useProfessionName } from '../shared/use-profession-name';

type RankingRow = (typeof userRankingSchema)['_output'][number];

interface SectionProps {
  query: ReportQueryParams;
  showDurations: boolean;
}

/** The stat cards with their deltas, and the offline stamp of the page. */
export const OverviewStats = reportSection(
  'OverviewStats',
  { stats: ({ query }: SectionProps & { comparable: boolean }) => reportQueryOptions(complianceEndpoints.overviewStats, query) },
  function OverviewStatsBody({ stats, comparable, showDurations }) {
    const card = (label: string, key: Exclude<keyof NonNullable<typeof stats.data>, 'disputes'>, kind: StatKind, definition?: string) => (
      <FigureCard key={key} label={label} stat={stats.data?.[key]} kind={kind} definition={definition} loading={stats.isPending} comparable={comparable} />
    );
    return (
      <>
        <OfflineStamp updatedAt={stats.dataUpdatedAt} hasData={stats.data !== undefined} />
        {stats.error && !stats.data ? (
          <ReportCard title="Compliance" error={stats.error}>
            {null}
          </ReportCard>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: showDurations ? 5 : 4 }} spacing="md">
            {card('Compliance Total', 'complianceTotal', 'ratio', DEFINITIONS.complianceTotal)}
            {card('Compliance Average', 'complianceAverage', 'ratio', DEFINITIONS.complianceAverage)}
            {showDurations && card('Wash Duration Average', 'washAverage', 'seconds', DEFINITIONS.washAverage)}
            {card('Active Users', 'activeUsers', 'number', DEFINITIONS.activeUsers)}
            {card('Opportunities', 'opportunities', 'number', DEFINITIONS.opportunities)}
          </SimpleGrid>
        )}
        {stats.data && stats.data.disputes.disputed > 0 && <DisputeCounts {...stats.data.disputes} />}
      </>
    );
  },
);

/** The compliance trend, with its breakdowns by event type and by wash type. */
export const ComplianceTrendSection = reportSection(
  'ComplianceTrendSection',
  {
    trend: ({ query }: SectionProps & { link: ReportLink }) => reportQueryOptions(complianceEndpoints.trend, query),
    washTypes: ({ query }: SectionProps & { link: ReportLink }) => reportQueryOptions(handwashEndpoints.washTypeBreakdown, query),
  },
  function ComplianceTrendBody({ trend, washTypes, showDurations, link, query }) {
    const lowTrust = useLowTrustDays(query);
    return (
      <ReportCard title="Compliance Trend" link={link} loading={trend.isFetching} error={trend.data ? null : trend.error}>
        <TrendChart
          label="Daily compliance, percent"
          data={(trend.data?.trend ?? []).map((p) => ({ date: p.date, Compliance: p.value === null ? null : Math.round(p.value * 100) }))}
          series={[{ name: 'Compliance', color: 'teal.6' }]}
          unit="%"
          yMax={100}
          marks={lowTrust.marks}
        />
        <LowTrustDaysNote words={lowTrust.words} />
        <Group grow align="flex-start" mt="md" gap="lg" wrap="wrap">
          <BreakdownTable
            caption="By event type"
            rows={(trend.data?.breakdown ?? []).map((b) => ({
              key: b.type,
              label: b.type,
              value: <ComplianceBadge ratio={b.value} />,
              detail: `${b.compliantEvents} of ${b.opportunities}`,
            }))}
          />
          <BreakdownTable
            caption="By wash type"
            rows={(washTypes.data ?? []).map((w) => ({
              key: w.type,
              label: w.type,
              value: `${w.count.toLocaleString('en-US')} washes`,
              detail: showDurations && !w.disabled ? `avg ${formatSeconds(w.averageDuration)}` : '',
            }))}
          />
        </Group>
      </ReportCard>
    );
  },
);

/** The top 10 users by compliance. */
export const TopRankingSection = reportSection(
  'TopRankingSection',
  // The top 10 only.
  { ranking: ({ query }: { query: ReportQueryParams; link: ReportLink }) => reportQueryOptions(complianceEndpoints.userRanking, { ...query, take: 10 }) },
  function TopRankingBody({ ranking, link }) {
    const professionName = useProfessionName();
    const columns: DataColumn<RankingRow>[] = [
      { key: 'rank', header: '#', value: (r) => (ranking.data?.indexOf(r) ?? 0) + 1, sortable: false, exportable: false },
      { key: 'name', header: 'Name', value: (r) => r.name, sortable: false },
      { key: 'profession', header: 'Profession', value: (r) => professionName(r.profession), sortable: false },
      { key: 'opportunities', header: 'Opportunities', value: (r) => r.opportunities, align: 'right', sortable: false },
      { key: 'compliance', header: 'Compliance', value: (r) => r.compliance, render: (r) => <ComplianceBadge ratio={r.compliance} />, align: 'right', sortable: false },
    ];
    return (
      <ReportCard title="Top 10 Compliance Ranking" link={link} loading={ranking.isFetching} error={ranking.data ? null : ranking.error}>
        <DataTable
          label="Top 10 compliance ranking"
          columns={columns}
          rows={ranking.data ?? []}
          rowKey={(r) => r.userId}
          loading={ranking.isPending}
          emptyText="No data"
        />
      </ReportCard>
    );
  },
);

/** A two-column breakdown: label, value and a dimmed detail per row. */
function BreakdownTable({ caption, rows }: { caption: string; rows: { key: string; label: string; value: React.ReactNode; detail: string }[] }) {
  if (rows.length === 0) return <NoData />;
  return (
    <Table captionSide="top" verticalSpacing="xs" miw={220}>
      <Table.Caption>
        <Text fw={600} size="sm" ta="left">
          {caption}
        </Text>
      </Table.Caption>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.key}>
            <Table.Th scope="row">{r.label}</Table.Th>
            <Table.Td>{r.value}</Table.Td>
            <Table.Td c="dimmed">{r.detail}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
