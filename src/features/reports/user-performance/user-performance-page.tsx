import type { PageEntry } from '../filters/filter-state';
import { Checkbox, Group, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { complianceEndpoints, type userRankingSchema } from '@contracts/reports/compliance';
import { DataTable, type DataColumn } from '@/components/data-table';
import { SearchInput } from '@/components/filters';
import { PageHeader } from '@/components/page-header';
import { useSession } from '@/lib/session-context';
import { formatSeconds, formatUsage } from '@/lib/units';
import { reportQueryOptions } from '../shared/api/report-query';
import { ComplianceBadge } from '../shared/compliance-badge';
import { OfflineStamp } from '@/components/offline-stamp';
import { ReportCard } from '../shared/report-card';
import { ReportFilterBar } from '../shared/report-filter-bar';
import { TrustBadge } from '../shared/trust-badge';
import { ExcludeLowTrustSwitch } from '../shared/trust-days';
import { reportSection } from '../shared/report-section';
import { type FilterState, type ReportQueryParams, reportQuery } from '../filters/filter-state';
import { type PersonTarget, useAllowedPersonTargets } from '../shared/links/person-links';
import { useReportFilters } from '../filters/use-report-filters';
import { personColumns, personMenuColumn, usePersonNames, PERSON_ROW_FIELDS, personOfRow } from '../shared/person-columns';
import { LeaderboardsOff, useLeaderboardsOff } from '../shared/leaderboards';

type Row = (typeof userRankingSchema)['_output'][number];

/** Rows asked for: the whole ranking of a hospital fits. */
const TAKE = 1000;

type RankingQuery = ReportQueryParams & { take: number; includeEmpty: boolean; search: string | undefined; excludeLowTrust: boolean };

/** The reports a row's menu offers (the row itself opens Compliance), those the user may open. */
const MENU_TARGETS: readonly PersonTarget[] = ['staff-rounding', 'contact-tracing'];

/** User Performance: every user of the selection ranked by compliance; a row opens their compliance report. */
export default function UserPerformancePage({ entry }: { entry: PageEntry }) {
  const { user } = useSession();
  const { filters, update, linkTo } = useReportFilters('/app/reports/user-performance');
  const leaderboardsOff = useLeaderboardsOff();
  const menuTargets = useAllowedPersonTargets(MENU_TARGETS);
  const navigate = useNavigate();
  // 'Users With No Data' needs managed organizations (docs/SCREENS.md 'User Performance').
  const mayIncludeEmpty = user.managedOrganizationIds.length > 0;
  const [includeEmpty, setIncludeEmpty] = useState(false);
  const trustQuery = useMemo(() => reportQuery(filters), [filters]);
  const query = useMemo<RankingQuery>(
    () => ({ ...reportQuery(filters), take: TAKE, includeEmpty: mayIncludeEmpty && includeEmpty, search: filters.search || undefined, excludeLowTrust: filters.excludeLowTrust }),
    [filters, mayIncludeEmpty, includeEmpty],
  );
  const toolbar = useMemo(
    () => (
      <>
        <SearchInput label="Search users" value={filters.search} onChange={(search) => update({ search })} placeholder="Name or employee ID" />
        {mayIncludeEmpty && (
          <Checkbox label="Users With No Data" checked={includeEmpty} onChange={(event) => setIncludeEmpty(event.currentTarget.checked)} size="md" />
        )}
      </>
    ),
    [filters.search, update, mayIncludeEmpty, includeEmpty],
  );
  const open = useCallback(
    (userId: number) =>
      void navigate(linkTo('/app/reports/compliance', { userIds: [userId] })),
    [navigate, linkTo],
  );

  return (
    <Stack gap="md">
      <PageHeader title={entry.title} />
      <ReportFilterBar filters={filters} update={update} />
      <Group gap="md" wrap="wrap" align="center">
        <TrustBadge query={trustQuery} />
        <ExcludeLowTrustSwitch query={trustQuery} checked={filters.excludeLowTrust} onChange={(checked) => update({ excludeLowTrust: checked })} />
      </Group>
      {leaderboardsOff ? (
        <LeaderboardsOff name={leaderboardsOff.name} />
      ) : (
        <RankingSection
          query={query}
          toolbar={toolbar}
          open={open}
          showDurations={user.organization.settings.displayDurations}
          filters={filters}
          menuTargets={menuTargets}
        />
      )}
    </Stack>
  );
}

/** The ranking table, with the offline stamp of the page. */
const RankingSection = reportSection(
  'RankingSection',
  {
    ranking: ({
      query,
    }: {
      query: RankingQuery;
      toolbar: ReactNode;
      open: (userId: number) => void;
      showDurations: boolean;
      filters: FilterState;
      menuTargets: readonly PersonTarget[];
    }) =>
      reportQueryOptions(complianceEndpoints.userRanking, query),
  },
  function RankingBody({ ranking, toolbar, open, showDurations, filters, menuTargets }) {
    const names = usePersonNames();
    const columns: DataColumn<Row>[] = [
      { key: 'rank', header: 'Rank', value: (r) => (ranking.data?.indexOf(r) ?? 0) + 1, align: 'right' },
      ...personColumns<Row>(names, PERSON_ROW_FIELDS),
      { key: 'opportunities', header: 'Opportunities', value: (r) => r.opportunities, align: 'right' },
      { key: 'handwashes', header: 'Compliant Events', value: (r) => r.handwashes, align: 'right', fold: true },
      ...(showDurations
        ? ([
            { key: 'soap', header: 'Avg Soap', value: (r) => r.avgSoapDuration, render: (r) => formatSeconds(r.avgSoapDuration), exportUnit: 's', align: 'right', fold: true },
            { key: 'sanitizer', header: 'Avg Sanitizer', value: (r) => r.avgSanitizerDuration, render: (r) => formatSeconds(r.avgSanitizerDuration), exportUnit: 's', align: 'right', fold: true },
          ] satisfies DataColumn<Row>[])
        : []),
      { key: 'usage', header: 'Usage', value: (r) => r.usageMs, render: (r) => formatUsage(r.usageMs), unit: 'ms-to-h', align: 'right', fold: true },
      { key: 'compliance', header: 'Compliance', value: (r) => r.compliance, render: (r) => <ComplianceBadge ratio={r.compliance} />, align: 'right' },
      ...(menuTargets.length > 0
        ? [personMenuColumn<Row>(personOfRow, filters, menuTargets)]
        : []),
    ];
    return (
      <>
        <OfflineStamp updatedAt={ranking.dataUpdatedAt} hasData={ranking.data !== undefined} />
        <ReportCard title="Users by compliance" loading={ranking.isFetching && ranking.data !== undefined} error={ranking.data ? null : ranking.error}>
          <DataTable
            label="User performance"
            columns={columns}
            rows={ranking.data ?? []}
            rowKey={(r) => r.userId}
            rowLabel={(r) => r.name}
            loading={ranking.isPending}
            exportable
            toolbar={toolbar}
            onRowClick={(r) => open(r.userId)}
          />
        </ReportCard>
      </>
    );
  },
);
