import { heartbeatHealth } from '@contracts/device-health';
import { Stack, Text } from '@mantine/core';
import type { UnresponsiveDevice } from '@contracts/unresponsive-devices';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable, type DataColumn } from '@/components/data-table';
import { HealthValue } from '@/components/health-value';
import { formatDayRange, todayUtc } from '@/components/filters';
import { OfflineStamp } from '@/components/offline-stamp';
import { PageHeader } from '@/components/page-header';
import { formatDateTime } from '@/lib/format';
import { useSession } from '@/lib/session-context';
import { useUnresponsiveDevices } from '../api/get-unresponsive-devices';
import { UnresponsiveFilterBar } from '../components/unresponsive-filter-bar';
import { formatLastHeard } from '@/lib/last-heard';
import { DEVICE_TYPE_LABELS, filterDevices, resolveUnresponsiveFilters } from '../unresponsive-filters';
import type { UnresponsiveAddress } from '../unresponsive-search';

/** Rows per page. */
export const UNRESPONSIVE_PAGE_SIZE = 15;
const route = getRouteApi('/app/maintenance/unresponsive-devices');

function columns(now: number): DataColumn<UnresponsiveDevice>[] {
  return [
    { key: 'mac', header: 'MAC Address', value: (d) => d.mac, render: (d) => <Text ff="monospace" size="sm">{d.mac}</Text> },
    { key: 'name', header: 'Name', value: (d) => d.name },
    { key: 'group', header: 'Group', value: (d) => d.group },
    { key: 'type', header: 'Type', value: (d) => DEVICE_TYPE_LABELS[d.type], fold: true },
    { key: 'model', header: 'Model', value: (d) => d.model, fold: true },
    {
      key: 'lastHeard',
      header: 'Last Heard',
      // ISO instants sort in time order; never heard ('') comes first, as the longest silent.
      value: (d) => d.lastHeard ?? '',
      render: (d) => (
        <HealthValue health={heartbeatHealth(d.lastHeard, now)} what="Heartbeat" detail={d.lastHeard ? formatDateTime(d.lastHeard) : undefined}>
          {formatLastHeard(d.lastHeard, now)}
        </HealthValue>
      ),
    },
  ];
}

/**
 * Unresponsive Devices (docs/SCREENS.md 'Unresponsive Devices'): the devices of the chosen
 * locations that sent no heartbeat during the chosen days, longest silent first; type and search
 * narrow the list on the device.
 */
export default function UnresponsiveDevicesPage({ entry }: { entry: { title: string } }) {
  const { bootstrap } = useSession();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const update = (patch: UnresponsiveAddress) => void navigate({ search: (current) => ({ ...current, ...patch }), replace: true });
  const today = todayUtc();
  const allGroupIds = useMemo(() => bootstrap.groups.filter((g) => g.accessible).map((g) => g.id), [bootstrap.groups]);
  const filters = useMemo(() => resolveUnresponsiveFilters(search, new Set(allGroupIds), today), [search, allGroupIds, today]);
  const devices = useUnresponsiveDevices({ groupIds: filters.groupIds, startDate: filters.startDate, endDate: filters.endDate });
  const rows = useMemo(() => filterDevices(devices.data ?? [], filters), [devices.data, filters]);
  const now = Date.now();

  return (
    <Stack gap={0}>
      <PageHeader title={entry.title} />
      <Text size="sm" c="dimmed" mb="md">
        Devices that sent no heartbeat during {formatDayRange(filters.startDate, filters.endDate)} (UTC days). Last Heard is each device’s latest
        heartbeat.
      </Text>
      <UnresponsiveFilterBar filters={filters} allGroupIds={allGroupIds} update={update} />
      <OfflineStamp updatedAt={devices.dataUpdatedAt} hasData={devices.data !== undefined} />
      <DataTable
        label="Unresponsive devices"
        columns={columns(now)}
        rows={rows}
        rowKey={(d) => d.id}
        pageSize={UNRESPONSIVE_PAGE_SIZE}
        loading={devices.isPending}
        error={devices.isError && !devices.data ? devices.error : null}
        unavailableText="The unresponsive devices have not been loaded on this device yet."
        emptyText="No results"
        initialSort={{ key: 'lastHeard', direction: 'asc' }}
        exportable
        toolbar={
          devices.data && (
            <Text size="sm" c="dimmed" role="status">
              {rows.length === 1 ? '1 device' : `${rows.length.toLocaleString()} devices`}
            </Text>
          )
        }
      />
    </Stack>
  );
}
