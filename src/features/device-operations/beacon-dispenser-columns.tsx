import { Text } from '@mantine/core';
import type { DataColumn } from '@/components/data-table';
import { codeWords } from '@/lib/format';
import { batteryMvColor, batteryPercentColor, formatHeartbeat } from '@/entities/devices/device-format';
import { lastStatusColumn, operationActionsColumn, settingColumn, versionColumn, type OperationActions } from '@/widgets/device-operations/operation-columns';
import type { OperationRow } from '@/entities/device-operations/operation-rows';
import { txPowerBand } from './tx-power';

const BAND_COLORS = { strong: 'blue', normal: undefined, weak: 'orange' } as const;

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
          { key: 'mode', header: 'Mode', value: (r) => { const mode = r.mode ?? r.role; return mode === null ? null : codeWords(mode); }, fold: true },
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
    versionColumn(),
    settingColumn(),
    ...kindColumns,
    { key: 'heartbeat', header: 'Last Heartbeat', value: (r) => r.lastHeartbeatAt, fold: true, render: (r) => formatHeartbeat(r.lastHeartbeatAt, now) },
    lastStatusColumn(),
    operationActionsColumn((r) => r.name, actions),
  ];
}
