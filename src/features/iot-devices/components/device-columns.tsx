import { Badge, Group, Menu, Stack, Text } from '@mantine/core';
import type { DataColumn } from '@/components/data-table';
import { PendingMark } from '@/components/pending-mark';
import { RowMenu } from '@/components/row-menu';
import { formatDateTime } from '@/lib/format';
import { connectivityOf, type DeviceRow } from '../iot-rows';

export interface DeviceActions {
  onHistory: (row: DeviceRow) => void;
  onMetrics: (row: DeviceRow) => void;
  onEdit: (row: DeviceRow) => void;
  /** Only fall devices can be renamed and moved (PATCH /iot/things/falls/{id}). */
  canEdit: (row: DeviceRow) => boolean;
}

function Software({ row }: { row: DeviceRow }) {
  if (row.packages.length === 0) return <Text size="sm" c="dimmed">N/A</Text>;
  return (
    <Stack gap={4}>
      {row.packages.map((p) => (
        <div key={p.name}>
          <Text size="sm">
            {p.name} {p.version.current}
          </Text>
          {p.outdated && (
            <Text size="xs" fw={700} c="orange.8">
              Outdated{p.version.latest ? ` → ${p.version.latest}` : ''}
            </Text>
          )}
        </div>
      ))}
    </Stack>
  );
}

const DOT = { width: 10, height: 10, borderRadius: 5, flexShrink: 0 } as const;

/** The table's columns: Serial Number, Name, Location, Device Type, Software, Status and Action. */
export function deviceColumns(now: number, actions: DeviceActions): DataColumn<DeviceRow>[] {
  return [
    { key: 'awsId', header: 'Serial Number', value: (r) => r.awsId, render: (r) => <Text ff="monospace" size="sm">{r.awsId}</Text> },
    {
      key: 'name',
      header: 'Name',
      value: (r) => r.name,
      render: (r) => (
        <Group gap={6}>
          <span>{r.name}</span>
          {r.edit && <PendingMark state={r.edit.state} error={r.edit.error} fallback="The server refused the change." />}
        </Group>
      ),
    },
    { key: 'location', header: 'Location', value: (r) => r.groupName, fold: true },
    { key: 'type', header: 'Device Type', value: (r) => r.typeName, fold: true },
    {
      key: 'software',
      header: 'Software',
      value: (r) => r.packages.map((p) => `${p.name} ${p.version.current}${p.outdated ? ' (outdated)' : ''}`).join('; '),
      render: (r) => <Software row={r} />,
    },
    {
      key: 'status',
      header: 'Status',
      value: (r) => (r.status.connected ? 'Connected' : (r.status.timestamp ?? '')),
      render: (r) => {
        const c = connectivityOf(r.status, now);
        return (
          <Stack gap={2} align="flex-start">
            <Group gap={6} wrap="nowrap">
              <span aria-hidden style={{ ...DOT, background: `var(--mantine-color-${c.color}-6)` }} />
              <Text size="sm" fw={600}>
                {c.label}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" title={r.status.timestamp ? formatDateTime(r.status.timestamp) : undefined}>
              {c.detail}
            </Text>
            {r.jobQueued && (
              <Badge color="yellow" variant="outline" size="sm">
                Job pending
              </Badge>
            )}
          </Stack>
        );
      },
    },
    {
      key: 'action',
      header: 'Action',
      value: () => null,
      sortable: false,
      exportable: false,
      pin: 'end',
      render: (r) => (
        <RowMenu label={r.name}>
          <Menu.Item mih={44} onClick={() => actions.onHistory(r)}>
            View History
          </Menu.Item>
          <Menu.Item mih={44} onClick={() => actions.onMetrics(r)}>
            View Metrics
          </Menu.Item>
          <Menu.Item mih={44} disabled={!actions.canEdit(r)} onClick={() => actions.onEdit(r)} title={actions.canEdit(r) ? undefined : 'Only fall devices can be edited'}>
            Edit Device
          </Menu.Item>
        </RowMenu>
      ),
    },
  ];
}
