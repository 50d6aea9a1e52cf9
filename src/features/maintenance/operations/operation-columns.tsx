import { ActionIcon, Badge, Group, Menu, Text } from '@mantine/core';
import type { DataColumn } from '@/components/data-table';
import { batteryMvColor, batteryPercentColor, formatHeartbeat } from '@/entities/devices/device-format';
import { OperationStatusBadge, QueuedOperationsPopover } from './components/operation-status';
import { isUpToDate, statusText, txPowerBand, type OperationRow, type OperationsKind } from './operation-rows';

const SYNC_LABELS = { unconfigured: 'Not configured', ok: 'Synced', mismatched: 'Out of sync' } as const;
const SYNC_COLORS = { unconfigured: 'gray', ok: 'teal', mismatched: 'orange' } as const;
const BAND_COLORS = { strong: 'blue', normal: undefined, weak: 'orange' } as const;

/** The row actions: edit the device's settings. */
function RowMenu({ row, onSettings }: { row: OperationRow; onSettings: (row: OperationRow) => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size={44} aria-label={`Actions for ${row.name}`}>
          <svg width={20} height={20} viewBox="0 0 20 20" aria-hidden>
            <circle cx={10} cy={4} r={1.8} fill="currentColor" />
            <circle cx={10} cy={10} r={1.8} fill="currentColor" />
            <circle cx={10} cy={16} r={1.8} fill="currentColor" />
          </svg>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item mih={44} disabled={row.operationDisabled} onClick={() => onSettings(row)}>
          Edit settings
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The columns of the Beacon Operations (with Role, TX Power, Battery %) and Dispenser Operations (Mode, Battery (mV)) tables. */
export function operationColumns(
  kind: OperationsKind,
  actions: { onCancel: (row: OperationRow, operationId: number) => void; onSettings: (row: OperationRow) => void },
): DataColumn<OperationRow>[] {
  const now = Date.now();
  const kindColumns: DataColumn<OperationRow>[] =
    kind === 'BEACON'
      ? [
          { key: 'role', header: 'Role', value: (r) => r.physicalRole ?? r.role, fold: true },
          {
            key: 'tx',
            header: 'TX Power (dBm)',
            value: (r) => r.txPower,
            align: 'right',
            fold: true,
            render: (r) => {
              const band = txPowerBand(r.txPower);
              return <Text size="sm" c={band ? BAND_COLORS[band] : undefined} title={band ?? undefined}>{r.txPower ?? '—'}</Text>;
            },
          },
          {
            key: 'battery',
            header: 'Battery %',
            value: (r) => r.batteryPercent,
            align: 'right',
            render: (r) => <Text size="sm" c={batteryPercentColor(r.batteryPercent)}>{r.batteryPercent ?? '—'}</Text>,
          },
        ]
      : [
          { key: 'mode', header: 'Mode', value: (r) => r.mode ?? r.role, fold: true },
          {
            key: 'battery',
            header: 'Battery (mV)',
            value: (r) => r.batteryMv,
            align: 'right',
            render: (r) => <Text size="sm" c={batteryMvColor(r.batteryMv)}>{r.batteryMv ?? '—'}</Text>,
          },
        ];
  return [
    { key: 'mac', header: 'MAC Address', value: (r) => r.mac, render: (r) => <Text ff="monospace" size="sm">{r.mac}</Text> },
    { key: 'name', header: 'Name', value: (r) => r.name },
    { key: 'model', header: 'Model', value: (r) => r.modelName, fold: true },
    { key: 'location', header: 'Location', value: (r) => r.groupName, fold: true },
    {
      key: 'version',
      header: 'Version',
      value: (r) => r.firmware.current?.version ?? null,
      fold: true,
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm">{r.firmware.current?.version ?? 'N/A'}</Text>
          {r.firmware.latest && (
            <Badge size="xs" variant="light" color={isUpToDate(r) ? 'teal' : 'orange'}>
              {isUpToDate(r) ? 'up to date' : 'out of date'}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'settings',
      header: 'Settings',
      value: (r) => SYNC_LABELS[r.settingsSync],
      fold: true,
      render: (r) => (
        <Badge size="sm" variant="dot" color={SYNC_COLORS[r.settingsSync]}>
          {SYNC_LABELS[r.settingsSync]}
        </Badge>
      ),
    },
    ...kindColumns,
    { key: 'heartbeat', header: 'Last Heartbeat', value: (r) => r.lastHeartbeatAt, fold: true, render: (r) => formatHeartbeat(r.lastHeartbeatAt, now) },
    { key: 'status', header: 'Last Status', value: (r) => statusText(r), render: (r) => <OperationStatusBadge row={r} /> },
    {
      key: 'actions',
      header: 'Actions',
      value: () => null,
      sortable: false,
      exportable: false,
      pin: 'end',
      render: (r) => (
        <Group gap={0} wrap="nowrap">
          <QueuedOperationsPopover row={r} onCancel={actions.onCancel} />
          <RowMenu row={r} onSettings={actions.onSettings} />
        </Group>
      ),
    },
  ];
}
