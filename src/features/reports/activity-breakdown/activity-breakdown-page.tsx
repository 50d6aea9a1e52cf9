import type { PageEntry } from '../filters/filter-state';
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { type userActivitySchema, userReportEndpoints } from '@contracts/reports/compliance';
import { verdictOutcome, verdictWords } from '@contracts/reports/opportunity-verdict';
import { DataTable, type DataColumn } from '@/components/data-table';
import { descendantIds, SearchableSelect, SingleDatePicker, TreeMultiSelect } from '@/components/filters';
import { usePurposeGate } from '../shared/purpose-gate';
import { GroupOnlyNotice, useGroupOnlyPeople } from '../shared/group-only';
import { PageHeader } from '@/components/page-header';
import { displayName, formatTimeIn } from '@/lib/format';
import { useSession } from '@/lib/session-context';
import { formatPercent, formatSeconds } from '@/lib/units';
import { reportQueryOptions, useReport } from '../shared/api/report-query';
import { OfflineStamp } from '@/components/offline-stamp';
import { NoData, ReportCard } from '../shared/report-card';
import { reportSection, useReportStages } from '../shared/report-section';
import { StatCard } from '../shared/stat-card';
import { DEFINITIONS } from '../shared/definitions';
import { OpportunityTimeline } from '../shared/opportunity-timeline';
import { useReportFilters } from '../filters/use-report-filters';

type Activity = (typeof userActivitySchema)['_output']['userActivity'][number];

/** Activity Breakdown: one user's events of one day, with the day's compliance figures. */
export default function ActivityBreakdownPage({ entry }: { entry: PageEntry }) {
  const { user: me, bootstrap } = useSession();
  const { filters, update } = useReportFilters('/app/reports/activity-breakdown');
  const userId = filters.userId ?? me.id;
  // People of group-only units are not offered, nor shown when asked for (docs/PRIVACY.md 'Group-only units').
  const masked = useGroupOnlyPeople();
  const groupOnly = masked.has(userId);
  const users = useMemo(() => {
    // Each chosen organization with everything under it, as the reports count it.
    const orgs = new Set(filters.organizationIds.flatMap((id) => [id, ...descendantIds(bootstrap.organizations, id)]));
    return bootstrap.users
      .filter((u) => (orgs.has(u.organizationId) && !masked.has(u.id)) || u.id === userId)
      .map((u) => ({ value: String(u.id), label: displayName(u) === 'User' || masked.has(u.id) ? `User ${u.id}` : displayName(u) }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [bootstrap.users, bootstrap.organizations, filters.organizationIds, userId, masked]);

  const chosen = bootstrap.users.find((u) => u.id === userId);
  // Another person's day opens once a purpose is stated (docs/PRIVACY.md 'A purpose first').
  const { allowed: stated, gate } = usePurposeGate(chosen && !groupOnly ? { id: userId, name: displayName(chosen) !== 'User' ? displayName(chosen) : `User ${userId}` } : null);
  const allowed = stated && !groupOnly;
  const days = useReport(userReportEndpoints.availableDays, { userId }, { enabled: allowed });
  const day = useMemo(() => ({ userId, date: filters.date }), [userId, filters.date]);
  // The day's figures first, then its events (the same answer).
  const shown = useReportStages(2, []);

  return (
    <Stack gap="md">
      <PageHeader title={entry.title} />
      <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Activity filters">
        <TreeMultiSelect label="Organizations" nodes={bootstrap.organizations} value={filters.organizationIds} onChange={(ids) => update({ organizationIds: ids })} />
        <SearchableSelect label="User" data={users} value={String(userId)} onChange={(value) => value && update({ userId: Number(value) })} />
        <SingleDatePicker label="Day" value={filters.date} onChange={(date) => update({ date })} availableDays={days.data ?? []} />
      </Group>
      {groupOnly ? (
        <GroupOnlyNotice />
      ) : allowed ? (
        <>
          <DayFiguresSection day={day} />
          {shown >= 2 && <EventsSection day={day} noActivity={days.data?.length === 0} />}
        </>
      ) : (
        gate
      )}
    </Stack>
  );
}

const activityCall = ({ day }: { day: { userId: number; date: string } }) => reportQueryOptions(userReportEndpoints.activity, day);

/** The day's compliance figures, and the offline stamp of the page. */
const DayFiguresSection = reportSection('DayFiguresSection', { activity: activityCall }, function DayFiguresBody({ activity }) {
  const a = activity.data;
  return (
    <>
      <OfflineStamp updatedAt={activity.dataUpdatedAt} hasData={a !== undefined} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <StatCard label="Compliance" value={a ? formatPercent(a.compliance) : '—'} definition={DEFINITIONS.complianceTotal} loading={activity.isPending} />
        <StatCard label="Opportunities" value={a ? a.opportunities.toLocaleString('en-US') : '—'} definition={DEFINITIONS.opportunities} loading={activity.isPending} />
        <StatCard label="Wash Duration Average" value={a ? formatSeconds(a.washAverage) : '—'} definition={DEFINITIONS.washAverage} loading={activity.isPending} />
      </SimpleGrid>
    </>
  );
});

/** The events' columns; a room entry's or exit's Why draws its timeline among the day's hand hygiene. */
const columnsOf = (hygiene: readonly Activity[]): DataColumn<Activity>[] => [
  // The export keeps the UTC instant; the screen shows the location's time.
  { key: 'time', header: 'Time', value: (r) => r.timestamp, render: (r) => formatTimeIn(r.timestamp, r.timeZone) },
  { key: 'type', header: 'Event Type', value: (r) => r.type },
  { key: 'location', header: 'Location', value: (r) => r.location },
  { key: 'device', header: 'Device', value: (r) => r.device },
  { key: 'duration', header: 'Duration', value: (r) => r.duration, render: (r) => formatSeconds(r.duration), exportUnit: 's', align: 'right' },
  // Why a room entry or exit counted or was missed, in the words of the stored visit (docs/METRICS.md '9. Activity breakdown').
  { key: 'outcome', header: 'Outcome', value: (r) => (r.verdict ? verdictOutcome(r.verdict) : null), render: (r) => (r.verdict ? <OutcomeText outcome={verdictOutcome(r.verdict)} /> : '') },
  { key: 'why', header: 'Why', value: whyOf, render: (r) => <Why row={r} hygiene={hygiene} />, fold: true, sortable: false },
];

/** A room entry's or exit's verdict in words, times on the location's clock. */
function whyOf(r: Activity): string | null {
  if (r.verdict === null || (r.type !== 'Room Entry' && r.type !== 'Room Exit')) return null;
  return verdictWords(r.type, r.timestamp, r.verdict, (at) => formatTimeIn(at, r.timeZone));
}

/** The verdict in words, with its timeline. */
function Why({ row, hygiene }: { row: Activity; hygiene: readonly Activity[] }) {
  const words = whyOf(row);
  if (words === null || row.verdict === null || (row.type !== 'Room Entry' && row.type !== 'Room Exit')) return null;
  return (
    <Stack gap={4}>
      <Text size="sm">{words}</Text>
      <OpportunityTimeline kind={row.type} at={row.timestamp} verdict={row.verdict} hygiene={hygiene} timeZone={row.timeZone} />
    </Stack>
  );
}

const OUTCOME_COLORS = { Compliant: 'teal.8', Missed: 'red.8', 'Not counted': 'dimmed' } as const;

function OutcomeText({ outcome }: { outcome: keyof typeof OUTCOME_COLORS }) {
  return (
    <Text size="sm" fw={outcome === 'Missed' ? 600 : undefined} c={OUTCOME_COLORS[outcome]}>
      {outcome}
    </Text>
  );
}

/** The day's events; a user with no activity at all is told so. */
const EventsSection = reportSection(
  'EventsSection',
  { activity: (props: { day: { userId: number; date: string }; noActivity: boolean }) => activityCall(props) },
  function EventsBody({ activity, noActivity }) {
    const a = activity.data;
    const columns = useMemo(() => columnsOf((a?.userActivity ?? []).filter((e) => e.type === 'Hand Hygiene')), [a]);
    return (
      <ReportCard title="Events" loading={activity.isFetching && a !== undefined} error={a ? null : activity.error}>
        {noActivity ? (
          <NoData>No recorded activity for this user yet.</NoData>
        ) : (
          <DataTable
            label="Activity events"
            columns={columns}
            rows={a?.userActivity ?? []}
            rowKey={(r) => `${r.timestamp}-${r.type}-${r.device ?? ''}`}
            rowLabel={(r) => `${r.type} at ${formatTimeIn(r.timestamp, r.timeZone)}`}
            loading={activity.isPending}
            exportable
            initialSort={{ key: 'time', direction: 'asc' }}
          />
        )}
      </ReportCard>
    );
  },
);
