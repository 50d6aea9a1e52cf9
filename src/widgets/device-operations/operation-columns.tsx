import { Badge, Group, Menu, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DataColumn } from '@/components/data-table';
import { RowMenu } from '@/components/row-menu';
import { OperationStatusBadge, QueuedOperationsPopover } from './operation-status';
import { isUpToDate, statusText, type Operable, type OperationRow } from '@/entities/device-operations/operation-rows';

// The columns every operations table shares: the firmware version against the model's
// latest, the settings' sync state, the last status, and the actions (the queued operations and
// the row menu).

const SYNC_LABELS = { unconfigured: 'Not configured', ok: 'Synced', mismatched: 'Out of sync' } as const;
const SYNC_COLORS = { unconfigured: 'gray', ok: 'teal', mismatched: 'orange' } as const;
/** A narrow column wraps the label rather than cutting it short. */
const WHOLE_LABEL = { root: { maxWidth: 'none', height: 'auto', overflow: 'visible' }, label: { overflow: 'visible', whiteSpace: 'normal' } } as const;

export interface OperationActions<R> {
  onCancel: (row: OperationRow<Operable>, operationId: number) => void;
  onSettings: (row: OperationRow<Operable>) => void;
  /** More items of the row menu, after 'Edit settings'. */
  menuItems?: (row: R) => ReactNode;
}

export function versionColumn<R extends OperationRow<Operable>>(): DataColumn<R> {
  return {
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
  };
}

/** Not configured, Synced or Out of sync (docs/OPERATIONS.md 'Settings'). */
export const syncLabel = (row: Pick<Operable, 'settingsSync'>) => SYNC_LABELS[row.settingsSync];

export function SettingsSyncBadge({ row }: { row: Pick<Operable, 'settingsSync'> }) {
  return (
    <Badge size="sm" variant="dot" color={SYNC_COLORS[row.settingsSync]} styles={WHOLE_LABEL}>
      {SYNC_LABELS[row.settingsSync]}
    </Badge>
  );
}

export function settingColumn<R extends OperationRow<Operable>>(header = 'Settings'): DataColumn<R> {
  return { key: 'settings', header, value: syncLabel, fold: true, render: (r) => <SettingsSyncBadge row={r} /> };
}

export function lastStatusColumn<R extends OperationRow<Operable>>(): DataColumn<R> {
  return { key: 'status', header: 'Last Status', value: (r) => statusText(r), render: (r) => <OperationStatusBadge row={r} /> };
}

/** The queued-operations popover and the row menu ('Edit settings', then the page's own items). */
export function operationActionsColumn<R extends OperationRow<Operable>>(label: (row: R) => string, actions: OperationActions<R>): DataColumn<R> {
  return {
    key: 'actions',
    header: 'Actions',
    value: () => null,
    sortable: false,
    exportable: false,
    pin: 'end',
    render: (r) => (
      <Group gap={0} wrap="nowrap">
        <QueuedOperationsPopover row={r} onCancel={actions.onCancel} />
        <RowMenu label={label(r)}>
          <Menu.Item mih={44} disabled={r.operationDisabled} onClick={() => actions.onSettings(r)}>
            Edit settings
          </Menu.Item>
          {actions.menuItems?.(r)}
        </RowMenu>
      </Group>
    ),
  };
}
