import { batteryMillivoltHealth, batteryPercentHealth, heartbeatHealth } from '@contracts/device-health';
import { Group, Menu, Text } from '@mantine/core';
import type { DataColumn } from '@/components/data-table';
import { HealthValue } from '@/components/health-value';
import { formatHeartbeat } from '@/entities/devices/device-format';
import { PendingMark } from '@/components/pending-mark';
import { lastStatusColumn, operationActionsColumn, settingColumn, versionColumn, type OperationActions } from '@/widgets/device-operations/operation-columns';
import { userLabel } from '@/entities/users/user-label';
import type { WristbandRow } from './wristband-rows';

/**
 * The Wristbands table: MAC, Device Code, Model, Location, Version, Setting, Battery, Assigned
 * User, Last Heartbeat, Last Status, row menu. Battery and heartbeat are coloured by their health
 * (docs/SCREENS.md 'Device health'); a wristband reports its battery in percent, an older one in
 * millivolts.
 */
export function wristbandColumns(
  actions: OperationActions<WristbandRow> & { onHistory: (row: WristbandRow) => void; onUnassign: (row: WristbandRow) => void },
): DataColumn<WristbandRow>[] {
  const now = Date.now();
  return [
    { key: 'mac', header: 'MAC', value: (r) => r.mac, render: (r) => <Text ff="monospace" size="sm">{r.mac}</Text> },
    { key: 'code', header: 'Device Code', value: (r) => r.code, fold: true },
    { key: 'model', header: 'Model', value: (r) => r.modelName, fold: true },
    { key: 'location', header: 'Location', value: (r) => r.groupName, fold: true },
    versionColumn(),
    settingColumn('Setting'),
    {
      key: 'battery',
      header: 'Battery',
      value: (r) => r.batteryPercent ?? r.batteryMv,
      align: 'right',
      fold: true,
      render: (r) =>
        r.batteryPercent !== null || r.batteryMv === null ? (
          <HealthValue health={batteryPercentHealth(r.batteryPercent)} what="Battery">
            {r.batteryPercent === null ? '—' : `${r.batteryPercent} %`}
          </HealthValue>
        ) : (
          <HealthValue health={batteryMillivoltHealth(r.batteryMv)} what="Battery">
            {`${r.batteryMv} mV`}
          </HealthValue>
        ),
    },
    {
      key: 'user',
      header: 'Assigned User',
      value: (r) => (r.user ? userLabel(r.user) : null),
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" c={r.user ? undefined : 'dimmed'}>
            {r.user ? userLabel(r.user) : '—'}
          </Text>
          <PendingMark state={r.pending} error={r.pendingError} fallback="The server refused a change of this wristband's holder." />
        </Group>
      ),
    },
    {
      key: 'heartbeat',
      header: 'Last Heartbeat',
      value: (r) => r.lastHeartbeatAt,
      fold: true,
      render: (r) => (
        <HealthValue health={heartbeatHealth(r.lastHeartbeatAt, now)} what="Heartbeat">
          {formatHeartbeat(r.lastHeartbeatAt, now)}
        </HealthValue>
      ),
    },
    lastStatusColumn(),
    operationActionsColumn((r) => r.code ?? r.mac, {
      ...actions,
      menuItems: (r) => (
        <>
          <Menu.Item mih={44} onClick={() => actions.onHistory(r)}>
            History
          </Menu.Item>
          {r.user && (
            <Menu.Item mih={44} color="red" onClick={() => actions.onUnassign(r)}>
              Unassign
            </Menu.Item>
          )}
        </>
      ),
    }),
  ];
}
