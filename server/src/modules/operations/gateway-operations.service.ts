import type { z } from 'zod';
import { TX_POWER_SETTING } from '../../contracts/device-settings';
import { OPERATION_MESSAGES, type GatewayOperation, type gatewayOperationReportSchema, type OperationStatus } from '../../contracts/operations';
import type { Database } from '../../db/client';
import type { DeviceOperationRow, DeviceRow } from '../../db/schema';
import { HttpError } from '../../core/http-error';
import { isoOrNull } from '../../core/sql';
import { findFirmwareVersion, updateDevice } from '../devices';
import { lockOperationHeardBy, openOperationsHeardBy, reportedSettingsOf, saveReportedSettings, setOperationStatus } from './gateway-operations.repo';
import type { OperationChange, OperationsPublisher } from './operations-events';

type Report = z.output<typeof gatewayOperationReportSchema>;

/** Where an operation may go from where it is: a gateway starts it, reports its progress, and ends it. */
const NEXT: Readonly<Record<OperationStatus, readonly OperationStatus[]>> = {
  PENDING: ['WORKING', 'FAILED'],
  WORKING: ['WORKING', 'DONE', 'FAILED'],
  DONE: [],
  FAILED: [],
  CANCELED: [],
};

/**
 * The gateway's side of operations (docs/OPERATIONS.md): the open operations of the devices it
 * hears, and its reports of them. A report moves the operation on, and a completed one changes
 * the device (its confirmed settings, its firmware); each is announced on the location's channel.
 */
export function createGatewayOperationsService(db: Database, events: OperationsPublisher) {
  return {
    async list(gateway: DeviceRow): Promise<GatewayOperation[]> {
      const rows = await openOperationsHeardBy(db, gateway);
      return rows.map(({ op, device, firmwareVersion }) => ({
        id: op.id,
        deviceId: device.id,
        mac: device.mac,
        type: op.type,
        status: op.status,
        progress: op.progress,
        settings: op.settings ?? null,
        firmwareVersion: firmwareVersion ?? null,
        batteryPercent: device.batteryPercent,
        batteryMv: device.batteryMv,
        lastHeartbeatAt: isoOrNull(device.lastHeartbeatAt),
      }));
    },

    async report(gateway: DeviceRow, id: number, report: Report): Promise<{ status: OperationStatus }> {
      const change = await db.transaction(async (tx) => {
        const op = await lockOperationHeardBy(tx, gateway, id);
        if (!op) throw new HttpError(404, OPERATION_MESSAGES.notFound);
        if (!NEXT[op.status].includes(report.status)) throw new HttpError(409, `${OPERATION_MESSAGES.transition}: ${op.status} → ${report.status}`);
        const progress = report.status === 'DONE' ? 100 : Math.max(op.progress, report.progress ?? op.progress);
        const updated = await setOperationStatus(tx, op.id, { status: report.status, progress, message: report.message ?? null });
        if (report.status !== 'DONE') return { row: updated } satisfies OperationChange;
        return completed(tx, updated);
      });
      await events.publish([change]);
      return { status: change.row.status };
    },
  };
}

/**
 * A completed operation changes its device: the settings it carried are now the device's (a TX
 * power among them is the power the lists show), or its firmware the one installed.
 */
async function completed(tx: Database, op: DeviceOperationRow): Promise<OperationChange> {
  if (op.type === 'SETTING') {
    const settings = op.settings ?? {};
    const reported = { ...((await reportedSettingsOf(tx, op.deviceId)) ?? {}), ...settings };
    await saveReportedSettings(tx, op.deviceId, reported);
    const txPower = settings[TX_POWER_SETTING];
    if (typeof txPower === 'number') await updateDevice(tx, op.deviceId, { txPower: Math.round(txPower) });
    return { row: op, settings: reported };
  }
  if (op.firmwareVersionId === null) return { row: op, firmware: null };
  await updateDevice(tx, op.deviceId, { firmwareVersionId: op.firmwareVersionId });
  const firmware = await findFirmwareVersion(tx, op.firmwareVersionId);
  return { row: op, firmware: firmware ? { id: firmware.id, version: firmware.version } : null };
}
