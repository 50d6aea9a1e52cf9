import type { PageEntry } from '../filters/filter-state';
import { Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  complianceOverviewSchema,
  complianceTrendSchema,
  userRankingSchema,
  washTypeBreakdownSchema,
  washTypeTrendSchema,
} from '@contracts/reports/compliance';
import { PageHeader } from '@/components/page-header';
import { DataTable, type DataColumn } from '@/components/data-table';
import { useSession } from '@/lib/session-context';
import { formatSeconds } from '@/lib/units';
import { useReport } from '../api/report-query';
import { ComplianceBadge } from '../components/compliance-badge';
import { OfflineStamp } from '@/components/offline-stamp';
import { NoData, ReportCard } from '../components/report-card';
import { ReportFilterBar } from '../components/report-filter-bar';
import { FigureCard } from '../components/figure-card';
import type { StatKind } from '../components/stat-values';
import { TrendChart } from '../components/trend-chart';
import { ViewAsDialog } from '../components/view-as-dialog';
import { WashDurationTrend } from '../components/wash-duration-trend';
import { exceedsSixMonths, reportQuery } from '../filters/filter-state';
import { useReportFilters } from '../filters/use-report-filters';
import { DEFINITIONS } from '../definitions';

type RankingRow = (typeof userRankingSchema)['_output'][number];

/** Performance Overview: stat cards, the compliance trend and its breakdowns, wash durations, the top 10. */
export default function OverviewPage({ entry }: { entry: PageEntry }) {
  const { user } = useSession();
  const { filters, update, searchFor } = useReportFilters('/app/reports/overview');
  const [viewAs, viewAsControls] = useDisclosure(false);
  const query = reportQuery(filters);
  const showDurations = user.organization.settings.displayDurations;
  const comparable = !exceedsSixMonths(filters.startDate, filters.endDate);

  const stats = useReport('compliance/overview-stats', query, complianceOverviewSchema);
  const trend = useReport('compliance/trend', query, complianceTrendSchema);
  const washTypes = useReport('dispensers/wash-type-breakdown', query, washTypeBreakdownSchema);
  const washTrend = useReport('dispensers/wash-type-trend', query, washTypeTrendSchema, { enabled: showDurations });
  const ranking = useReport('compliance/ranking/users', { ...query, take: 10 }, userRankingSchema);

  const loading = (q: { isFetching: boolean }) => q.isFetching;
  const card = (label: string, key: keyof NonNullable<typeof stats.data>, kind: StatKind, definition?: string) => (
    <FigureCard key={key} label={label} stat={stats.data?.[key]} kind={kind} definition={definition} loading={stats.isPending} comparable={comparable} />
  );
  const rankingColumns: DataColumn<RankingRow>[] = [
    { key: 'rank', header: '#', value: (r) => (ranking.data?.indexOf(r) ?? 0) + 1, sortable: false, exportable: false },
    { key: 'name', header: 'Name', value: (r) => r.name, sortable: false },
    { key: 'profession', header: 'Profession', value: (r) => r.profession, sortable: false },
    { key: 'opportunities', header: 'Opportunities', value: (r) => r.opportunities, align: 'right', sortable: false },
    { key: 'compliance', header: 'Compliance', value: (r) => r.compliance, render: (r) => <ComplianceBadge ratio={r.compliance} />, align: 'right', sortable: false },
  ];

  return (
    <Stack gap="md">
      <PageHeader
        title={entry.title}
        actions={
          user.managedOrganizationIds.length > 0 ? (
            <Button variant="light" onClick={viewAsControls.open}>
              View As
            </Button>
          ) : undefined
        }
      />
      <ReportFilterBar filters={filters} update={update} />
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

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <ReportCard
          title="Compliance Trend"
          link={{ to: '/app/reports/compliance', search: searchFor('/app/reports/compliance') }}
          loading={loading(trend)}
          error={trend.data ? null : trend.error}
        >
          <TrendChart
            label="Daily compliance, percent"
            data={(trend.data?.trend ?? []).map((p) => ({ date: p.date, Compliance: p.value === null ? null : Math.round(p.value * 100) }))}
            series={[{ name: 'Compliance', color: 'teal.6' }]}
            unit="%"
            yMax={100}
          />
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

        {showDurations && (
          <WashDurationTrend query={washTrend} link={{ to: '/app/reports/handwash', search: searchFor('/app/reports/handwash') }} />
        )}
      </SimpleGrid>

      <ReportCard
        title="Top 10 Compliance Ranking"
        link={{ to: '/app/reports/user-performance', search: searchFor('/app/reports/user-performance') }}
        loading={loading(ranking)}
        error={ranking.data ? null : ranking.error}
      >
        <DataTable
          label="Top 10 compliance ranking"
          columns={rankingColumns}
          rows={ranking.data ?? []}
          rowKey={(r) => r.userId}
          loading={ranking.isPending}
          emptyText="No data"
        />
      </ReportCard>

      <ViewAsDialog opened={viewAs} onClose={viewAsControls.close} organizationIds={filters.organizationIds} />
    </Stack>
  );
}

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
