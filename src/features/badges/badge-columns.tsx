import { Group, Text } from '@mantine/core';
import type { WearableRow } from '@contracts/wearables';
import type { DataColumn } from '@/components/data-table';
import { OperationStatusBadge, QueuedOperationsPopover } from '@/widgets/device-operations/operation-status';
import { SettingsSyncBadge, syncLabel } from '@/widgets/device-operations/operation-columns';
import { statusText, type Operable, type OperationRow } from '@/entities/device-operations/operation-rows';
import { batteryMillivoltHealth, heartbeatHealth } from '@contracts/device-health';
import { HealthValue } from '@/components/health-value';
import { formatHeartbeat } from '@/entities/devices/device-format';
import { userLabel } from '@/entities/users/user-label';
import type { BadgeRow } from './badge-rows';
import { BadgeRowMenu } from './components/badge-row-menu';
import { HolderCell } from './components/holder-cell';

/** A badge with its operations: none for a badge added here that the server does not have yet. */
export type BadgeTableRow = BadgeRow & { op: OperationRow<WearableRow> | null };

const NONE = <Text size="sm" c="dimmed">—</Text>;

/**
 * The Badges table: MAC, Device Code, Model, Location, Version, Setting, Battery (mV), Assigned
 * User, Last Heartbeat, Last Status, and the actions (the queued operations and the row menu).
 */
export function badgeColumns(actions: {
  onHistory: (row: BadgeRow) => void;
  onUnassign: (row: BadgeRow) => void;
  onCancel: (row: OperationRow<Operable>, operationId: number) => void;
  onSettings: (row: OperationRow<Operable>) => void;
}): DataColumn<BadgeTableRow>[] {
  const now = Date.now();
  return [
    { key: 'mac', header: 'MAC', value: (r) => r.mac, render: (r) => <Text ff="monospace" size="sm">{r.mac}</Text> },
    { key: 'code', header: 'Device Code', value: (r) => r.code, fold: true },
    { key: 'model', header: 'Model', value: (r) => r.modelName, fold: true },
    { key: 'location', header: 'Location', value: (r) => r.groupName, fold: true },
    { key: 'version', header: 'Version', value: (r) => r.firmwareVersion, fold: true },
    { key: 'settings', header: 'Setting', value: (r) => (r.op ? syncLabel(r.op) : null), fold: true, render: (r) => (r.op ? <SettingsSyncBadge row={r.op} /> : NONE) },
    {
      key: 'battery',
      header: 'Battery (mV)',
      value: (r) => r.batteryMv,
      align: 'right',
      render: (r) => (
        <HealthValue health={batteryMillivoltHealth(r.batteryMv)} what="Battery">
          {r.batteryMv ?? '—'}
        </HealthValue>
      ),
    },
    { key: 'user', header: 'Assigned User', value: (r) => (r.user ? userLabel(r.user) : null), render: (r) => <HolderCell row={r} /> },
    {
      key: 'heartbeat',
      header: 'Last Heartbeat',
      value: (r) => r.lastHeartbeatAt,
      render: (r) => (
        <HealthValue health={heartbeatHealth(r.lastHeartbeatAt, now)} what="Heartbeat">
          {formatHeartbeat(r.lastHeartbeatAt, now)}
        </HealthValue>
      ),
    },
    { key: 'status', header: 'Last Status', value: (r) => (r.op ? statusText(r.op) : null), render: (r) => (r.op ? <OperationStatusBadge row={r.op} /> : NONE) },
    {
      key: 'actions',
      header: 'Actions',
      value: () => null,
      sortable: false,
      exportable: false,
      pin: 'end',
      render: (r) => (
        <Group gap={0} wrap="nowrap">
          {r.op && <QueuedOperationsPopover row={r.op} onCancel={actions.onCancel} />}
          <BadgeRowMenu
            row={r}
            onHistory={actions.onHistory}
            onUnassign={actions.onUnassign}
            onSettings={{ run: () => r.op && actions.onSettings(r.op), disabled: !r.op || r.op.operationDisabled }}
          />
        </Group>
      ),
    },
  ];
}
