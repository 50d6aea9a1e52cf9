import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import { TX_POWER_SETTING } from '../../contracts/device-settings';
import { OPEN_OPERATION_STATUSES, OPERATION_MESSAGES, type GatewayOperation, type gatewayOperationReportSchema, type OperationStatus } from '../../contracts/operations';
import type { Database } from '../../db/client';
import { deviceOperations, devices, deviceSettings, firmwareVersions, type DeviceOperationRow, type DeviceRow } from '../../db/schema';
import { HttpError } from '../../core/http-error';
import { isoOrNull } from '../../core/sql';
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

/** The devices a gateway hears: those of its own location, and the wearables whose station it is. */
const heardBy = (gateway: DeviceRow) =>
  gateway.groupId === null ? eq(devices.gatewayId, gateway.id) : or(eq(devices.groupId, gateway.groupId), eq(devices.gatewayId, gateway.id));

/**
 * The gateway's side of operations (docs/OPERATIONS.md): the open operations of the devices it
 * hears, and its reports of them. A report moves the operation on, and a completed one changes
 * the device (its confirmed settings, its firmware); each is announced on the location's channel.
 */
export function createGatewayOperationsService(db: Database, events: OperationsPublisher) {
  return {
    async list(gateway: DeviceRow): Promise<GatewayOperation[]> {
      const rows = await db
        .select({ op: deviceOperations, device: devices, firmwareVersion: firmwareVersions.version })
        .from(deviceOperations)
        .innerJoin(devices, eq(devices.id, deviceOperations.deviceId))
        .leftJoin(firmwareVersions, eq(firmwareVersions.id, deviceOperations.firmwareVersionId))
        .where(and(inArray(deviceOperations.status, [...OPEN_OPERATION_STATUSES]), heardBy(gateway)))
        .orderBy(asc(deviceOperations.id))
        .limit(5_000);
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
        const [found] = await tx
          .select({ op: deviceOperations })
          .from(deviceOperations)
          .innerJoin(devices, eq(devices.id, deviceOperations.deviceId))
          .where(and(eq(deviceOperations.id, id), heardBy(gateway)))
          .for('update', { of: deviceOperations });
        if (!found) throw new HttpError(404, OPERATION_MESSAGES.notFound);
        const op = found.op;
        if (!NEXT[op.status].includes(report.status)) throw new HttpError(409, `${OPERATION_MESSAGES.transition}: ${op.status} → ${report.status}`);
        const progress = report.status === 'DONE' ? 100 : Math.max(op.progress, report.progress ?? op.progress);
        const [row] = await tx
          .update(deviceOperations)
          .set({ status: report.status, progress, message: report.message ?? null, updatedAt: new Date() })
          .where(eq(deviceOperations.id, op.id))
          .returning();
        const updated = row as DeviceOperationRow;
        if (report.status !== 'DONE') return { row: updated } satisfies OperationChange;
        return completed(tx as unknown as Database, updated);
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
    const [current] = await tx.select({ reported: deviceSettings.reported }).from(deviceSettings).where(eq(deviceSettings.deviceId, op.deviceId));
    const reported = { ...(current?.reported ?? {}), ...settings };
    await tx.update(deviceSettings).set({ reported, updatedAt: new Date() }).where(eq(deviceSettings.deviceId, op.deviceId));
    const txPower = settings[TX_POWER_SETTING];
    if (typeof txPower === 'number') await tx.update(devices).set({ txPower: Math.round(txPower) }).where(eq(devices.id, op.deviceId));
    return { row: op, settings: reported };
  }
  if (op.firmwareVersionId === null) return { row: op, firmware: null };
  await tx.update(devices).set({ firmwareVersionId: op.firmwareVersionId }).where(eq(devices.id, op.deviceId));
  const [firmware] = await tx.select({ id: firmwareVersions.id, version: firmwareVersions.version }).from(firmwareVersions).where(eq(firmwareVersions.id, op.firmwareVersionId));
  return { row: op, firmware: firmware ?? null };
}
