import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { SettingValues } from '../../contracts/device-settings';
import { OPEN_OPERATION_STATUSES, type OperationStatus } from '../../contracts/operations';
import type { Database } from '../../db/client';
import { deviceOperations, devices, deviceSettings, firmwareVersions, type DeviceOperationRow, type DeviceRow } from '../../db/schema';

// What a gateway's side of operations reads and writes (docs/OPERATIONS.md): the operations of the
// devices it hears, their progress, and the settings its devices confirmed.

/** The devices a gateway hears: those of its own location, and the wearables whose station it is. */
const heardBy = (gateway: DeviceRow) =>
  gateway.groupId === null ? eq(devices.gatewayId, gateway.id) : or(eq(devices.groupId, gateway.groupId), eq(devices.gatewayId, gateway.id));

/** The open operations of the devices the gateway hears, oldest first, with each device and firmware version. */
export async function openOperationsHeardBy(db: Database, gateway: DeviceRow) {
  return db
    .select({ op: deviceOperations, device: devices, firmwareVersion: firmwareVersions.version })
    .from(deviceOperations)
    .innerJoin(devices, eq(devices.id, deviceOperations.deviceId))
    .leftJoin(firmwareVersions, eq(firmwareVersions.id, deviceOperations.firmwareVersionId))
    .where(and(inArray(deviceOperations.status, [...OPEN_OPERATION_STATUSES]), heardBy(gateway)))
    .orderBy(asc(deviceOperations.id))
    .limit(5_000);
}

/** The operation `id` of a device the gateway hears, locked until the transaction ends; null when there is none. */
export async function lockOperationHeardBy(db: Database, gateway: DeviceRow, id: number): Promise<DeviceOperationRow | null> {
  const [found] = await db
    .select({ op: deviceOperations })
    .from(deviceOperations)
    .innerJoin(devices, eq(devices.id, deviceOperations.deviceId))
    .where(and(eq(deviceOperations.id, id), heardBy(gateway)))
    .for('update', { of: deviceOperations });
  return found?.op ?? null;
}

/** Moves the operation on; answers its row as it now is. */
export async function setOperationStatus(db: Database, id: number, change: { status: OperationStatus; progress: number; message: string | null }): Promise<DeviceOperationRow> {
  const [row] = await db
    .update(deviceOperations)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(deviceOperations.id, id))
    .returning();
  return row as DeviceOperationRow;
}

/** The settings the device confirmed so far. */
export async function reportedSettingsOf(db: Database, deviceId: number): Promise<SettingValues | null> {
  const [current] = await db.select({ reported: deviceSettings.reported }).from(deviceSettings).where(eq(deviceSettings.deviceId, deviceId));
  return current?.reported ?? null;
}

/** Records the settings the device now runs. */
export async function saveReportedSettings(db: Database, deviceId: number, reported: SettingValues): Promise<void> {
  await db.update(deviceSettings).set({ reported, updatedAt: new Date() }).where(eq(deviceSettings.deviceId, deviceId));
}
