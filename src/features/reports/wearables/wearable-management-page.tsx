import type { PageEntry } from '../filters/filter-state';
import { RowMenu } from '@/components/row-menu';
import { Badge, Group, Menu, Stack } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';
import { wearableReportEndpoints, type WearableManagementRow } from '@contracts/reports/wearable-reports';
import { DataTable, type DataColumn } from '@/components/data-table';
import { SearchInput, TreeMultiSelect } from '@/components/filters';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { HistoryDialog, type HistoryDevice } from '@/widgets/wearable-holders/device-history-dialog';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session-context';
import { reportQueryOptions } from '../shared/api/report-query';
import { ReportCard } from '../shared/report-card';
import { reportSection } from '../shared/report-section';
import { useReportFilters } from '../filters/use-report-filters';
import { useProfessionName } from '../shared/use-profession-name';
import { searchManagement } from './smartsensors';

const TYPE_LABELS: Record<WearableManagementRow['type'], string> = { WRISTBAND: 'Wristband', BADGE: 'Badge' };

const when = (at: string | null) => (at ? formatDateTime(at) : '—');

/** A station or a room with its location ('Station A – ICU 3 North · 3 North'). */
function placeOf(name: string | null, location: string | null): string | null {
  const parts = [name, location].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** SmartSensor Management (beta): every SmartSensor of the organizations, its last user, check-in and location. */
export default function WearableManagementPage({ entry }: { entry: PageEntry }) {
  const { bootstrap } = useSession();
  const { filters, update } = useReportFilters('/app/reports/wearable-management');
  const [history, setHistory] = useState<HistoryDevice | null>(null);
  const query = useMemo(() => ({ organizationIds: filters.organizationIds }), [filters.organizationIds]);
  const toolbar = useMemo(
    () => <SearchInput label="Search SmartSensors" value={filters.search} onChange={(search) => update({ search })} placeholder="Code, MAC or user" />,
    [filters.search, update],
  );
  return (
    <Stack gap="md">
      <Group gap="sm" align="center">
        <PageHeader title={entry.title} />
        <Badge variant="light" color="violet" aria-label="Beta feature">
          beta
        </Badge>
      </Group>
      <Stack gap="sm" mb="lg" role="search" aria-label="Report filters">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TreeMultiSelect label="Organizations" nodes={bootstrap.organizations} value={filters.organizationIds} onChange={(ids) => update({ organizationIds: ids })} />
        </Group>
      </Stack>
      <DevicesSection query={query} search={filters.search} toolbar={toolbar} onHistory={setHistory} />
      <HistoryDialog device={history} onClose={() => setHistory(null)} />
    </Stack>
  );
}

interface DevicesProps {
  query: { organizationIds: number[] };
  search: string;
  toolbar: ReactNode;
  onHistory: (device: HistoryDevice) => void;
}

/** The devices table, with the offline stamp of the page. */
const DevicesSection = reportSection(
  'DevicesSection',
  { devices: ({ query }: DevicesProps) => reportQueryOptions(wearableReportEndpoints.management, query) },
  function DevicesBody({ devices, search, toolbar, onHistory }) {
    const professionName = useProfessionName();
    const rows = useMemo(() => searchManagement(devices.data ?? [], search), [devices.data, search]);
    const columns: DataColumn<WearableManagementRow>[] = [
      { key: 'code', header: 'Code', value: (r) => r.code },
      { key: 'mac', header: 'MAC', value: (r) => r.mac },
      { key: 'type', header: 'Type', value: (r) => TYPE_LABELS[r.type], fold: true },
      { key: 'user', header: 'Last User', value: (r) => r.lastUserName },
      { key: 'profession', header: 'Profession', value: (r) => professionName(r.lastUserProfession), fold: true },
      { key: 'checkin', header: 'Last Check-in', value: (r) => r.lastCheckinTime, render: (r) => when(r.lastCheckinTime) },
      { key: 'station', header: 'Station', value: (r) => placeOf(r.lastTabletName, r.lastTabletGroup), fold: true },
      { key: 'seen', header: 'Last Location', value: (r) => r.lastLocationTime, render: (r) => when(r.lastLocationTime), fold: true },
      { key: 'beacon', header: 'Room or Bed', value: (r) => placeOf(r.lastBeaconName, r.lastBeaconGroup), fold: true },
      {
        key: 'menu',
        header: 'Actions',
        value: () => null,
        sortable: false,
        exportable: false,
        pin: 'end',
        render: (r) => (
          <RowMenu label={r.code ?? r.mac}>
            <Menu.Item mih={44} onClick={() => onHistory({ id: r.wearableId, mac: r.mac })}>
              History
            </Menu.Item>
          </RowMenu>
        ),
      },
    ];
    return (
      <>
        <OfflineStamp updatedAt={devices.dataUpdatedAt} hasData={devices.data !== undefined} />
        <ReportCard title="SmartSensors" loading={devices.isFetching && devices.data !== undefined} error={devices.data ? null : devices.error}>
          <DataTable
            label="SmartSensors"
            columns={columns}
            rows={rows}
            rowKey={(r) => r.wearableId}
            rowLabel={(r) => r.code ?? r.mac}
            loading={devices.isPending}
            emptyText={search.trim() ? 'No SmartSensor matches the search' : 'No SmartSensors in these organizations'}
            exportable
            toolbar={toolbar}
          />
        </ReportCard>
      </>
    );
  },
);
