import { Badge, Tabs, Text } from '@mantine/core';
import { DataTable, type DataColumn } from '@/components/data-table';
import { PendingMark } from '@/components/pending-mark';
import { DEVICE_TYPE_LABELS } from '../device-rules';
import type { ShownEntity } from '../editor-model';
import type { IotShown } from '../iot-marks';
import { ZONE_TYPE_LABELS } from '../zone-rules';

/** Rows of each tab's table: 12 (docs/SCREENS.md 'Side panel'). */
export const EDITOR_PAGE_SIZE = 12;

export type EditorTab = 'devices' | 'iot' | 'zones';

function StatusCell({ row }: { row: ShownEntity }) {
  switch (row.state) {
    case 'staged':
      return <Badge color="gray" variant="light">Staged</Badge>;
    case 'changed':
      return <Badge color="violet" variant="light">Not saved</Badge>;
    case 'removed':
      return <Badge color="red" variant="light">To remove</Badge>;
    case 'pending':
    case 'failed':
      return <PendingMark state={row.state} error={row.error} fallback="The server refused this change." />;
    default:
      return <Text size="sm">{row.entity.active ? 'Active' : 'Inactive'}</Text>;
  }
}

const status: DataColumn<ShownEntity> = { key: 'status', header: 'Status', value: (r) => r.state, render: (r) => <StatusCell row={r} /> };

const DEVICE_COLUMNS: DataColumn<ShownEntity>[] = [
  { key: 'name', header: 'Name', value: (r) => r.entity.name },
  { key: 'mac', header: 'MAC', value: (r) => (r.entity.entityType === 'DEVICE' ? r.entity.mac : null), render: (r) => <Text ff="monospace" size="sm">{r.entity.entityType === 'DEVICE' ? r.entity.mac : ''}</Text> },
  { key: 'type', header: 'Type', value: (r) => (r.entity.entityType === 'DEVICE' ? DEVICE_TYPE_LABELS[r.entity.type] : null), fold: true },
  status,
];

const IOT_COLUMNS: DataColumn<IotShown>[] = [
  { key: 'name', header: 'Name', value: (r) => r.name },
  { key: 'serial', header: 'Serial Number', value: (r) => r.thing.awsId, render: (r) => <Text ff="monospace" size="sm">{r.thing.awsId}</Text> },
  { key: 'type', header: 'Type', value: (r) => r.thing.typeName, fold: true },
  {
    key: 'status',
    header: 'Status',
    value: (r) => r.state,
    render: (r) =>
      r.state === 'saved' ? (
        <Text size="sm">{r.placeholder ? 'Not placed' : 'Placed'}</Text>
      ) : (
        <PendingMark state={r.state} error={r.error} fallback="The server refused this change." />
      ),
  },
];

const ZONE_COLUMNS: DataColumn<ShownEntity>[] = [
  { key: 'name', header: 'Name', value: (r) => r.entity.name },
  { key: 'type', header: 'Type', value: (r) => (r.entity.entityType === 'ZONE' ? ZONE_TYPE_LABELS[r.entity.type] : null) },
  status,
];

/**
 * The side panel: Devices, IoT Devices and Zones, each a table of 12 rows a page; a tab whose list
 * is empty is disabled. Choosing a row picks its entity on the map (and, in edit mode, opens it).
 */
export function EditorPanel({
  tab,
  onTab,
  devices,
  iot,
  zones,
  loading,
  iotLoading,
  onPick,
  onPickIot,
}: {
  tab: EditorTab;
  onTab: (tab: EditorTab) => void;
  devices: readonly ShownEntity[];
  iot: readonly IotShown[];
  zones: readonly ShownEntity[];
  loading: boolean;
  iotLoading: boolean;
  onPick: (row: ShownEntity) => void;
  onPickIot: (row: IotShown) => void;
}) {
  return (
    <Tabs value={tab} onChange={(value) => value && onTab(value as EditorTab)} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="devices" disabled={!loading && devices.length === 0} mih={44}>
          Devices ({devices.length})
        </Tabs.Tab>
        <Tabs.Tab value="iot" disabled={!iotLoading && iot.length === 0} mih={44}>
          IoT Devices ({iot.length})
        </Tabs.Tab>
        <Tabs.Tab value="zones" disabled={!loading && zones.length === 0} mih={44}>
          Zones ({zones.length})
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="devices" pt="xs">
        <DataTable label="Devices" columns={DEVICE_COLUMNS} rows={devices} rowKey={(r) => r.key} pageSize={EDITOR_PAGE_SIZE} loading={loading} emptyText="No devices" onRowClick={onPick} />
      </Tabs.Panel>
      <Tabs.Panel value="iot" pt="xs">
        <DataTable label="IoT Devices" columns={IOT_COLUMNS} rows={iot} rowKey={(r) => r.key} pageSize={EDITOR_PAGE_SIZE} loading={iotLoading} emptyText="No IoT devices" onRowClick={onPickIot} />
      </Tabs.Panel>
      <Tabs.Panel value="zones" pt="xs">
        <DataTable label="Zones" columns={ZONE_COLUMNS} rows={zones} rowKey={(r) => r.key} pageSize={EDITOR_PAGE_SIZE} loading={loading} emptyText="No zones" onRowClick={onPick} />
      </Tabs.Panel>
    </Tabs>
  );
}
