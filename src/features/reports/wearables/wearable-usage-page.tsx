import type { FilterState, PageEntry } from '../filters/filter-state';
import { Group, Menu, Stack, Switch } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { wearableReportEndpoints, type WearableUsageRow } from '@contracts/reports/wearable-reports';
import { DataTable, type DataColumn } from '@/components/data-table';
import { DateRangePicker, SearchableSelect, SearchInput, TreeMultiSelect } from '@/components/filters';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { HistoryDialog, type HistoryDevice } from '@/widgets/wearable-holders/device-history-dialog';
import { useSession } from '@/lib/session-context';
import { formatSeconds, formatUsage } from '@/lib/units';
import { reportQueryOptions } from '../shared/api/report-query';
import { ReportCard } from '../shared/report-card';
import { reportSection } from '../shared/report-section';
import { utcToday } from '../filters/filter-state';
import { useReportFilters } from '../filters/use-report-filters';
import { formatLocalWallClock, isLiveRange, LIVE_REFRESH_MS, liveToggleRange, searchUsage } from './smartsensors';
import { personColumns, personMenuColumn, usePersonNames } from '../shared/person-columns';

const ALL_PROFESSIONS = 'ALL';

type UsageQuery = { organizationIds: number[]; professionId: string | undefined; startDate: string; endDate: string };

/** SmartSensor Usage: who wore a SmartSensor in the range, for how long, with bed visits and hand washes; live mode follows today. */
export default function WearableUsagePage({ entry }: { entry: PageEntry }) {
  const { user, bootstrap } = useSession();
  const { filters, update } = useReportFilters('/app/reports/wearable-usage');
  const [today] = useState(() => utcToday());
  const live = isLiveRange(filters, today);
  const [history, setHistory] = useState<HistoryDevice | null>(null);
  const professions = useMemo(
    () => [
      { value: ALL_PROFESSIONS, label: 'All professions' },
      ...[...new Map(bootstrap.enums.professions.map((p) => [p.professionId, p.name])).entries()].map(([value, label]) => ({ value, label })),
    ],
    [bootstrap.enums.professions],
  );
  const query = useMemo<UsageQuery>(
    () => ({ organizationIds: filters.organizationIds, professionId: filters.professionId ?? undefined, startDate: filters.startDate, endDate: filters.endDate }),
    [filters.organizationIds, filters.professionId, filters.startDate, filters.endDate],
  );
  const toolbar = useMemo(
    () => <SearchInput label="Search SmartSensors" value={filters.search} onChange={(search) => update({ search })} placeholder="Name, code or MAC" />,
    [filters.search, update],
  );

  return (
    <Stack gap="md">
      <PageHeader title={entry.title} />
      <Stack gap="sm" mb="lg" role="search" aria-label="Report filters">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Group mih={44} align="center">
            <Switch
              label="Live"
              size="lg"
              checked={live}
              onChange={(event) => update({ dates: liveToggleRange(event.currentTarget.checked, today) })}
            />
          </Group>
          <TreeMultiSelect label="Organizations" nodes={bootstrap.organizations} value={filters.organizationIds} onChange={(ids) => update({ organizationIds: ids })} />
          <SearchableSelect
            label="Profession"
            data={professions}
            value={filters.professionId ?? ALL_PROFESSIONS}
            onChange={(value) => update({ professionId: value === ALL_PROFESSIONS ? null : value })}
          />
          <DateRangePicker start={filters.startDate} end={filters.endDate} onApply={(startDate, endDate) => update({ dates: { startDate, endDate } })} />
        </Group>
      </Stack>
      <UsageSection
        query={query}
        live={live}
        search={filters.search}
        filters={filters}
        toolbar={toolbar}
        showDurations={user.organization.settings.displayDurations}
        onHistory={setHistory}
      />
      <HistoryDialog device={history} onClose={() => setHistory(null)} />
    </Stack>
  );
}

interface UsageProps {
  query: UsageQuery;
  live: boolean;
  search: string;
  filters: FilterState;
  toolbar: ReactNode;
  showDurations: boolean;
  onHistory: (device: HistoryDevice) => void;
}

/** The usage table, refreshed every 60 s in live mode, with the offline stamp of the page. */
const UsageSection = reportSection(
  'UsageSection',
  {
    usage: ({ query, live }: UsageProps) => ({
      ...reportQueryOptions(wearableReportEndpoints.usage, query),
      refetchInterval: live ? LIVE_REFRESH_MS : (false as const),
    }),
  },
  function UsageBody({ usage, live, search, filters, toolbar, showDurations, onHistory }) {
    const names = usePersonNames();
    const rows = useMemo(() => searchUsage(usage.data ?? [], search), [usage.data, search]);
    const columns: DataColumn<WearableUsageRow>[] = [
      ...personColumns<WearableUsageRow>(names, { name: (r) => r.userName, profession: (r) => r.profession, organizationId: (r) => r.organizationId }, { key: 'user', header: 'User' }),
      { key: 'start', header: 'Usage Start', value: (r) => r.usageStartLocal, render: (r) => formatLocalWallClock(r.usageStartLocal), fold: true },
      { key: 'bedVisits', header: 'Bed Visits', value: (r) => r.bedVisits, align: 'right' },
      { key: 'handwashes', header: 'Hand Washes', value: (r) => r.handwashes, align: 'right' },
      { key: 'code', header: 'Code', value: (r) => r.code, fold: true },
      { key: 'mac', header: 'MAC', value: (r) => r.wearableMac, fold: true },
      { key: 'usage', header: 'Usage', value: (r) => r.usageMs, render: (r) => formatUsage(r.usageMs), unit: 'ms-to-h', align: 'right' },
      ...(showDurations
        ? ([
            {
              key: 'avgWash',
              header: 'Avg Hand Wash',
              value: (r) => r.avgHandwashDuration,
              render: (r) => formatSeconds(r.avgHandwashDuration),
              exportUnit: 's',
              align: 'right',
              fold: true,
            },
          ] satisfies DataColumn<WearableUsageRow>[])
        : []),
      personMenuColumn<WearableUsageRow>(
        (r) => ({ id: r.userId, name: r.userName, organizationId: r.organizationId }),
        filters,
        ['compliance', 'staff-rounding'],
        (r) => (
          <Menu.Item
            mih={44}
            disabled={r.wearableId === null}
            onClick={() => r.wearableId !== null && onHistory({ id: r.wearableId, mac: r.wearableMac ?? r.code ?? `SmartSensor ${r.wearableId}` })}
          >
            History
          </Menu.Item>
        ),
      ),
    ];
    return (
      <>
        <OfflineStamp updatedAt={usage.dataUpdatedAt} hasData={usage.data !== undefined} />
        <ReportCard
          title="SmartSensor usage"
          // The refresh each minute of live mode happens without dimming the table.
          loading={usage.isFetching && usage.data !== undefined && !live}
          error={usage.data ? null : usage.error}>
          <DataTable
            label="SmartSensor usage"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.userId}
            rowLabel={(r) => r.userName}
            loading={usage.isPending}
            emptyText={search.trim() ? 'No SmartSensor usage matches the search' : 'No SmartSensor usage in the range'}
            exportable
            toolbar={toolbar}
          />
        </ReportCard>
      </>
    );
  },
);
