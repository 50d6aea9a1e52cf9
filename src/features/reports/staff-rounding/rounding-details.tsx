import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { z } from 'zod';
import { type roundingBedStatsSchema, roundingEndpoints, type roundingUserStatsSchema, type HourlyStats } from '@contracts/reports/rounding';
import { DataTable, type DataColumn } from '@/components/data-table';
import { OfflineStamp } from '@/components/offline-stamp';
import { formatMinutesSeconds } from '@/lib/units';
import { reportQueryOptions } from '../shared/api/report-query';
import { ReportCard } from '../shared/report-card';
import { reportSection } from '../shared/report-section';
import { useProfessionName } from '../shared/use-profession-name';
import { HourlyChart } from './hourly-chart';
import { formatVisitTime } from './rounding-query';

/** Rounding details page by 12. */
export const ROUNDING_DETAIL_PAGE_SIZE = 12;

/** What one user's Details ask for: their visits at the chosen locations over the range. */
export interface UserStatsQuery {
  userId: number;
  groupIds: number[];
  startDate: string;
  endDate: string;
}

/** What one bed's Details ask for. */
export interface BedStatsQuery {
  beaconId: number;
  startDate: string;
  endDate: string;
}

type Hour = HourlyStats[number];
type UserVisit = z.infer<typeof roundingUserStatsSchema>['visits'][number];
type BedVisit = z.infer<typeof roundingBedStatsSchema>['visits'][number];

/** Entry times on the visit's own location's clock when the answer names it, else on `timeZone`'s. */
const entryColumn = <T extends { entryTime: string; timeZone?: string }>(timeZone: string | null): DataColumn<T> => ({
  key: 'entry',
  header: 'Entry Time',
  value: (r) => r.entryTime,
  render: (r) => formatVisitTime(r.entryTime, r.timeZone ?? timeZone),
});
const durationColumn = <T extends { duration: number }>(): DataColumn<T> => ({
  key: 'duration',
  header: 'Duration',
  value: (r) => r.duration,
  render: (r) => formatMinutesSeconds(r.duration),
  exportUnit: 's',
  align: 'right',
});

const HOUR_COLUMNS: DataColumn<Hour>[] = [
  { key: 'hour', header: 'Hour', value: (h) => h.hour, sortable: false },
  { key: 'total', header: 'Visits', value: (h) => h.total, align: 'right' },
  { key: 'duration', header: 'Duration', value: (h) => h.duration, render: (h) => formatMinutesSeconds(h.duration), exportUnit: 's', align: 'right' },
];

/** Hourly stats: the bars of every hour beside the table of the hours with visits. */
function HourlyCard({ hourly, name, loading, error }: { hourly: HourlyStats | undefined; name: string; loading: boolean; error: Error | null }) {
  const busy = (hourly ?? []).filter((h) => h.total > 0);
  return (
    <ReportCard title="Hourly Stats" loading={loading} error={error}>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {hourly ? <HourlyChart hourly={hourly} label={`Bed visits by hour of day, ${name}`} /> : <div />}
        <DataTable
          label={`Hourly stats of ${name}`}
          columns={HOUR_COLUMNS}
          rows={busy}
          rowKey={(h) => h.hour}
          pageSize={ROUNDING_DETAIL_PAGE_SIZE}
          loading={hourly === undefined && loading}
          emptyText="No visits in this range"
          exportable
        />
      </SimpleGrid>
    </ReportCard>
  );
}

/** A member of staff's Details: the beds they visited, and when in the day. */
export const UserDetailsSection = reportSection(
  'RoundingUserDetails',
  { stats: ({ query }: { query: UserStatsQuery; name: string; timeZone: string | null }) => reportQueryOptions(roundingEndpoints.userStats, query) },
  function UserDetailsBody({ stats, name, timeZone }) {
    const columns: DataColumn<UserVisit>[] = [
      entryColumn(timeZone),
      { key: 'bed', header: 'Bed', value: (r) => r.bedName },
      durationColumn(),
    ];
    const error = stats.data ? null : stats.error;
    return (
      <Stack gap="md">
        <OfflineStamp updatedAt={stats.dataUpdatedAt} hasData={stats.data !== undefined} />
        <Text size="sm" c="dimmed" data-testid="audit-note">
          Opening a user&apos;s rounding details is recorded in the audit trail.
        </Text>
        <ReportCard title="Visits" loading={stats.isFetching && stats.data !== undefined} error={error}>
          <DataTable
            label={`Bed visits of ${name}`}
            columns={columns}
            rows={stats.data?.visits ?? []}
            rowKey={(r) => `${r.entryTime}-${r.beaconId}`}
            pageSize={ROUNDING_DETAIL_PAGE_SIZE}
            loading={stats.isPending}
            emptyText="No bed visits in this range"
            exportable
          />
        </ReportCard>
        <HourlyCard hourly={stats.data?.hourly} name={name} loading={stats.isFetching} error={error} />
      </Stack>
    );
  },
);

/** A bed's Details: who visited it, for how long, and when in the day. */
export const BedDetailsSection = reportSection(
  'RoundingBedDetails',
  { stats: ({ query }: { query: BedStatsQuery; name: string; timeZone: string | null }) => reportQueryOptions(roundingEndpoints.bedStats, query) },
  function BedDetailsBody({ stats, name, timeZone }) {
    const professionName = useProfessionName();
    const columns: DataColumn<BedVisit>[] = [
      entryColumn(timeZone),
      { key: 'name', header: 'Name', value: (r) => r.name },
      { key: 'profession', header: 'Profession', value: (r) => professionName(r.profession), fold: true },
      durationColumn(),
    ];
    const error = stats.data ? null : stats.error;
    return (
      <Stack gap="md">
        <OfflineStamp updatedAt={stats.dataUpdatedAt} hasData={stats.data !== undefined} />
        <ReportCard title="Visits" loading={stats.isFetching && stats.data !== undefined} error={error}>
          <DataTable
            label={`Visits to ${name}`}
            columns={columns}
            rows={stats.data?.visits ?? []}
            rowKey={(r) => `${r.entryTime}-${r.userId}`}
            pageSize={ROUNDING_DETAIL_PAGE_SIZE}
            loading={stats.isPending}
            emptyText="No staff visits in this range"
            exportable
          />
        </ReportCard>
        <HourlyCard hourly={stats.data?.hourly} name={name} loading={stats.isFetching} error={error} />
      </Stack>
    );
  },
);
