import { batteryMillivoltHealth, batteryPercentHealth, heartbeatHealth, txPowerHealth, txPowerModeOf } from '@contracts/device-health';
import { Text } from '@mantine/core';
import type { DataColumn } from '@/components/data-table';
import { HealthValue } from '@/components/health-value';
import { codeWords } from '@/lib/format';
import { formatHeartbeat } from '@/entities/devices/device-format';
import { lastStatusColumn, operationActionsColumn, settingColumn, versionColumn, type OperationActions } from '@/widgets/device-operations/operation-columns';
import type { OperationRow } from '@/entities/device-operations/operation-rows';

/** The columns of the Beacon Operations (with Role, TX Power, Battery %) and Dispenser Operations (Mode, Battery (mV)) tables. */
export function operationColumns(kind: 'BEACON' | 'DISPENSER', actions: OperationActions<OperationRow>): DataColumn<OperationRow>[] {
  const now = Date.now();
  const kindColumns: DataColumn<OperationRow>[] =
    kind === 'BEACON'
      ? [
          { key: 'role', header: 'Role', value: (r) => { const role = r.physicalRole ?? r.role; return role === null ? null : codeWords(role); }, fold: true },
          {
            key: 'tx',
            header: 'TX Power (dBm)',
            value: (r) => r.txPower,
            align: 'right',
            fold: true,
            render: (r) => (
              <HealthValue health={txPowerHealth(r.txPower, txPowerModeOf(r.mode))} what="TX power">
                {r.txPower ?? '—'}
              </HealthValue>
            ),
          },
          {
            key: 'battery',
            header: 'Battery %',
            value: (r) => r.batteryPercent,
            align: 'right',
            render: (r) => (
              <HealthValue health={batteryPercentHealth(r.batteryPercent)} what="Battery">
                {r.batteryPercent ?? '—'}
              </HealthValue>
            ),
          },
        ]
      : [
          { key: 'mode', header: 'Mode', value: (r) => { const mode = r.mode ?? r.role; return mode === null ? null : codeWords(mode); }, fold: true },
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
        ];
  return [
    { key: 'mac', header: 'MAC Address', value: (r) => r.mac, render: (r) => <Text ff="monospace" size="sm">{r.mac}</Text> },
    { key: 'name', header: 'Name', value: (r) => r.name },
    { key: 'model', header: 'Model', value: (r) => r.modelName, fold: true },
    { key: 'location', header: 'Location', value: (r) => r.groupName, fold: true },
    versionColumn(),
    settingColumn(),
    ...kindColumns,
    { key: 'heartbeat', header: 'Last Heartbeat', value: (r) => r.lastHeartbeatAt, fold: true, render: (r) => (
        <HealthValue health={heartbeatHealth(r.lastHeartbeatAt, now)} what="Heartbeat">
          {formatHeartbeat(r.lastHeartbeatAt, now)}
        </HealthValue>
      ),
    },
    lastStatusColumn(),
    operationActionsColumn((r) => r.name, actions),
  ];
}
