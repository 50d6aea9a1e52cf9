import type { NfcStationRow } from '@contracts/stations';
import { DataTable, type DataColumn } from '@/components/data-table';
import { useNfcStations } from '../api/stations-queries';
import { NFC_STATIONS_PER_PAGE } from '../stations-ui';

const COLUMNS: DataColumn<NfcStationRow>[] = [
  { key: 'mac', header: 'MAC Address', value: (r) => r.device.mac, render: (r) => <span style={{ fontFamily: 'monospace' }}>{r.device.mac}</span> },
  { key: 'name', header: 'Device Name', value: (r) => r.device.name },
  { key: 'station', header: 'Station Name', value: (r) => r.station.name },
  { key: 'type', header: 'Device Type', value: (r) => r.device.type, fold: true },
  { key: 'model', header: 'Model', value: (r) => r.device.modelName, fold: true },
  { key: 'battery', header: 'Battery %', value: (r) => r.device.batteryPercent, align: 'right' },
  { key: 'firmware', header: 'Firmware Version', value: (r) => r.device.firmwareVersion, fold: true },
  { key: 'status', header: 'Last Status', value: (r) => (r.device.lastStatus ? `${r.device.lastStatus.type} ${r.device.lastStatus.status}` : null) },
];

/** The NFC view: the NFC stations of the location, 15 a page. */
export function NfcStationsTable({ groupId, search }: { groupId: number | null; search: string }) {
  const stations = useNfcStations(groupId, true);
  const needle = search.trim().toLowerCase();
  const rows = (stations.data ?? []).filter(
    (r) => !needle || [r.device.mac, r.device.name, r.station.name].some((v) => v.toLowerCase().includes(needle)),
  );
  return (
    <DataTable
      label="NFC stations"
      columns={COLUMNS}
      rows={rows}
      rowKey={(r) => r.id}
      pageSize={NFC_STATIONS_PER_PAGE}
      loading={groupId !== null && stations.isPending}
      error={stations.isError && !stations.data ? stations.error : null}
      unavailableText="The NFC stations of this location have not been loaded on this device yet."
      emptyText={groupId === null ? 'Please select a location' : 'No NFC stations found'}
      initialSort={{ key: 'name', direction: 'asc' }}
      exportable
    />
  );
}
