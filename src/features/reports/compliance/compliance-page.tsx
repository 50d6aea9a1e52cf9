import type { PageEntry } from '../filters/filter-state';
import { Group, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useMemo } from 'react';
import { complianceEndpoints } from '@contracts/reports/compliance';
import { DataTable, type DataColumn } from '@/components/data-table';
import { ChipsMultiSelect } from '@/components/filters';
import { PageHeader } from '@/components/page-header';
import { displayName } from '@/lib/format';
import { useGroupOnlyPeople } from '../shared/group-only';
import { useSession } from '@/lib/session-context';
import { reportQueryOptions } from '../shared/api/report-query';
import { ComplianceBadge } from '../shared/compliance-badge';
import { OfflineStamp } from '@/components/offline-stamp';
import { ReportCard } from '../shared/report-card';
import { ReportFilterBar } from '../shared/report-filter-bar';
import { reportSection, useReportStages } from '../shared/report-section';
import { TrendChart } from '../shared/trend-chart';
import { type Metric, type ReportQueryParams, reportQuery } from '../filters/filter-state';
import { useReportFilters } from '../filters/use-report-filters';
import { ValidationLine } from '../shared/validation-line';
import { TrustBadge } from '../shared/trust-badge';
import { ExcludeLowTrustSwitch, LowTrustDaysNote, useLowTrustDays } from '../shared/trust-days';
import { DisputesReview } from '../disputes/disputes-review';
import { DisputeCounts } from '../shared/dispute-counts';

/** The trend shows the first 10 selections (docs/SCREENS.md 'Compliance Report'). */
export const TREND_SERIES_LIMIT = 10;
const COLORS = ['teal.6', 'blue.6', 'grape.6', 'orange.6', 'red.6', 'cyan.6', 'lime.7', 'pink.6', 'indigo.6', 'yellow.7'];

interface Row {
  key: string;
  name: string;
  date: string;
  compliantEvents: number;
  opportunities: number;
  complianceTotal: number | null;
  complianceAverage: number | null;
}

/** The compliance call's query of the page's filters. */
type ComplianceQuery = ReportQueryParams & { userIds: number[]; metric: Metric; split: boolean; excludeLowTrust: boolean };

/** Compliance Report: the trend of up to 10 selections and the breakdown table per selection and day. */
export default function CompliancePage({ entry }: { entry: PageEntry }) {
  const { bootstrap } = useSession();
  const { filters, update } = useReportFilters('/app/reports/compliance');
  const query = useMemo<ComplianceQuery>(
    () => ({ ...reportQuery(filters), userIds: filters.userIds, metric: filters.metric, split: filters.split, excludeLowTrust: filters.excludeLowTrust }),
    [filters],
  );
  // People of group-only units are not offered (docs/PRIVACY.md 'Group-only units').
  const masked = useGroupOnlyPeople();
  const userOptions = useMemo(
    () =>
      bootstrap.users
        .filter((u) => (u.active || filters.userIds.includes(u.id)) && !masked.has(u.id))
        .map((u) => ({ value: String(u.id), label: `${displayName(u)}${u.clientUserId ? ` (${u.clientUserId})` : ''}` })),
    [bootstrap.users, filters.userIds, masked],
  );
  // The trend first, then the table (the same answer).
  const shown = useReportStages(2, []);

  return (
    <Stack gap="md">
      <PageHeader title={entry.title} />
      <ReportFilterBar filters={filters} update={update} />
      <Group gap="lg" wrap="wrap" align="flex-end">
        <ChipsMultiSelect
          label="Users"
          placeholder="All users of the selection"
          data={userOptions}
          value={filters.userIds.map(String)}
          onChange={(ids) => update({ userIds: ids.map(Number) })}
        />
        <div>
          <Text size="sm" fw={500} id="metric-label" mb={4}>
            Metric
          </Text>
          <SegmentedControl
            aria-labelledby="metric-label"
            value={filters.metric}
            onChange={(value) => update({ metric: value as Metric })}
            data={[
              { value: 'average', label: 'Average' },
              { value: 'total', label: 'Total' },
            ]}
          />
        </div>
        <Switch
          size="md"
          label={filters.view === 'loc' ? 'Split by location' : 'Split by organization'}
          checked={filters.split}
          onChange={(event) => update({ split: event.currentTarget.checked })}
        />
        <ExcludeLowTrustSwitch query={reportQuery(filters)} checked={filters.excludeLowTrust} onChange={(checked) => update({ excludeLowTrust: checked })} />
      </Group>
      <Group gap="md" wrap="wrap" align="center">
        <TrustBadge query={reportQuery(filters)} />
        <ValidationLine query={reportQuery(filters)} />
      </Group>
      <ComplianceTrendSection query={query} />
      {shown >= 2 && <ComplianceBreakdownSection query={query} />}
      {shown >= 2 && <DisputesReview />}
    </Stack>
  );
}

/** The report's own filters of the page's query (what the trust badge and marks are asked with). */
const reportOnly = ({ userIds: _users, metric: _metric, split: _split, excludeLowTrust: _exclude, ...rest }: ComplianceQuery): ReportQueryParams => rest;

const complianceCall = ({ query }: { query: ComplianceQuery }) => reportQueryOptions(complianceEndpoints.report, query);

/** The trend of the first 10 selections, and the offline stamp of the page. */
const ComplianceTrendSection = reportSection('ComplianceTrendSection', { report: complianceCall }, function ComplianceTrendBody({ report, query }) {
  const series = report.data?.series ?? [];
  const shown = series.slice(0, TREND_SERIES_LIMIT);
  const metricKey = query.metric === 'average' ? 'complianceAverage' : 'complianceTotal';
  const lowTrust = useLowTrustDays(reportOnly(query));
  const chartData = useMemo(() => {
    const byDate = new Map<string, { date: string } & Record<string, number | string | null>>();
    shown.forEach((s, i) => {
      for (const p of s.points) {
        const row = byDate.get(p.date) ?? { date: p.date };
        const value = p[metricKey];
        row[`s${i}`] = value === null ? null : Math.round(value * 100);
        byDate.set(p.date, row);
      }
    });
    return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  }, [shown, metricKey]);
  return (
    <>
      <OfflineStamp updatedAt={report.dataUpdatedAt} hasData={report.data !== undefined} />
      <ReportCard title="Compliance Trend" loading={report.isFetching} error={report.data ? null : report.error}>
        {series.length > TREND_SERIES_LIMIT && (
          <Text size="sm" c="dimmed" mb="xs">
            The trend shows the first {TREND_SERIES_LIMIT} of {series.length} selections; the table lists all of them.
          </Text>
        )}
        <TrendChart
          label={`Daily compliance ${query.metric}, percent`}
          data={chartData}
          series={shown.map((s, i) => ({ name: `s${i}`, label: s.name, color: COLORS[i % COLORS.length] ?? 'teal.6' }))}
          unit="%"
          yMax={100}
          marks={lowTrust.marks}
        />
        <LowTrustDaysNote words={lowTrust.words} />
        {report.data && report.data.disputes.disputed > 0 && <DisputeCounts {...report.data.disputes} />}
      </ReportCard>
    </>
  );
});

/** Every selection's figures per day. */
const ComplianceBreakdownSection = reportSection('ComplianceBreakdownSection', { report: complianceCall }, function ComplianceBreakdownBody({ report, query }) {
  const rows: Row[] = (report.data?.series ?? []).flatMap((s) => s.points.map((p) => ({ key: `${s.kind}-${s.id ?? 'all'}-${p.date}`, name: s.name, ...p })));
  const columns: DataColumn<Row>[] = [
    { key: 'name', header: 'Name', value: (r) => r.name },
    { key: 'date', header: 'Date', value: (r) => r.date },
    { key: 'compliantEvents', header: 'Compliant Events', value: (r) => r.compliantEvents, align: 'right' },
    { key: 'opportunities', header: 'Opport.', value: (r) => r.opportunities, align: 'right' },
    {
      key: 'complianceTotal',
      header: 'Total',
      value: (r) => (r.complianceTotal === null ? null : Math.round(r.complianceTotal * 100)),
      render: (r) => <ComplianceBadge ratio={r.complianceTotal} />,
      align: 'right',
    },
    ...(query.metric === 'average'
      ? ([
          {
            key: 'complianceAverage',
            header: 'Average',
            value: (r) => (r.complianceAverage === null ? null : Math.round(r.complianceAverage * 100)),
            render: (r) => <ComplianceBadge ratio={r.complianceAverage} />,
            align: 'right',
          },
        ] satisfies DataColumn<Row>[])
      : []),
  ];
  return (
    <ReportCard title="Compliance Breakdown">
      <DataTable label="Compliance breakdown" columns={columns} rows={rows} rowKey={(r) => r.key} loading={report.isPending} exportable />
    </ReportCard>
  );
});
