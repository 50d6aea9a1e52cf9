import { aliasedTable, and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { syncState, type SettingValues } from '../../contracts/device-settings';
import {
  lowerStatus,
  OPEN_OPERATION_STATUSES,
  type LastStatus,
  type OpenOperation,
  type OperableDevice,
  type OperationType,
} from '../../contracts/operations';
import type { DeviceType } from '../../contracts/devices';
import type { Database } from '../../db/client';
import { idIn, iso, isoOrNull } from '../../core/sql';
import { deviceModels, deviceOperations, devices, deviceSettings, firmwareVersions, groups, type DeviceOperationRow, type DeviceRow } from '../../db/schema';

// What the operations pages read and write: operable devices with their firmware, settings and
// operations; the settings wanted of them; their operations.

const current = aliasedTable(firmwareVersions, 'current_firmware');
const latest = aliasedTable(firmwareVersions, 'latest_firmware');

export function toLastStatus(op: DeviceOperationRow): LastStatus {
  return {
    status: lowerStatus(op.status),
    type: op.type,
    updatedAt: iso(op.updatedAt),
    operationMetaDataId: op.id,
    progress: op.progress,
    message: op.message,
  };
}

const toOpen = (op: DeviceOperationRow): OpenOperation => ({
  id: op.id,
  type: op.type,
  status: lowerStatus(op.status),
  progress: op.progress,
  description: op.description,
  createdAt: iso(op.createdAt),
});

/** The active, published devices of the given types in the given locations, as the operations pages list them. */
export async function listOperableDevices(db: Database, groupIds: readonly number[], types: readonly DeviceType[]): Promise<OperableDevice[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({
      device: devices,
      modelName: deviceModels.name,
      groupName: groups.name,
      current: { id: current.id, version: current.version },
      latest: { id: latest.id, version: latest.version },
      desired: deviceSettings.desired,
      reported: deviceSettings.reported,
    })
    .from(devices)
    .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .innerJoin(groups, eq(groups.id, devices.groupId))
    .leftJoin(current, eq(current.id, devices.firmwareVersionId))
    .leftJoin(latest, and(eq(latest.modelId, devices.modelId), eq(latest.isLatest, true)))
    .leftJoin(deviceSettings, eq(deviceSettings.deviceId, devices.id))
    .where(and(idIn(devices.groupId, groupIds), inArray(devices.type, [...types]), eq(devices.active, true), eq(devices.staged, false)))
    .orderBy(asc(devices.name), asc(devices.id));
  const ids = rows.map((r) => r.device.id);
  const [lastOps, openOps] = await Promise.all([lastOperations(db, ids), openOperations(db, ids)]);
  return rows.map(({ device, modelName, groupName, current: cur, latest: lat, desired, reported }) => {
    const open = openOps.get(device.id) ?? [];
    const last = lastOps.get(device.id) ?? null;
    return {
      id: device.id,
      mac: device.mac,
      name: device.name,
      type: device.type,
      modelId: device.modelId,
      modelName,
      groupId: device.groupId ?? 0,
      groupName,
      role: device.role,
      physicalRole: device.physicalRole,
      mode: device.mode,
      txPower: device.txPower,
      batteryPercent: device.batteryPercent,
      batteryMv: device.batteryMv,
      lastHeartbeatAt: isoOrNull(device.lastHeartbeatAt),
      x: device.x,
      y: device.y,
      firmware: { current: cur?.id ? { id: cur.id, version: cur.version } : null, latest: lat?.id ? { id: lat.id, version: lat.version } : null },
      settingsSync: syncState(desired, reported),
      lastStatus: last ? toLastStatus(last) : null,
      operations: open.map(toOpen),
      operationDisabled: !cur?.id || open.length > 0,
    };
  });
}

/** Each device's latest operation. */
async function lastOperations(db: Database, deviceIds: readonly number[]): Promise<Map<number, DeviceOperationRow>> {
  if (deviceIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([deviceOperations.deviceId])
    .from(deviceOperations)
    .where(idIn(deviceOperations.deviceId, deviceIds))
    .orderBy(deviceOperations.deviceId, desc(deviceOperations.id));
  return new Map(rows.map((r) => [r.deviceId, r]));
}

/** Each device's open (pending or working) operations, oldest first. */
export async function openOperations(db: Database, deviceIds: readonly number[]): Promise<Map<number, DeviceOperationRow[]>> {
  const out = new Map<number, DeviceOperationRow[]>();
  if (deviceIds.length === 0) return out;
  const rows = await db
    .select()
    .from(deviceOperations)
    .where(and(idIn(deviceOperations.deviceId, deviceIds), inArray(deviceOperations.status, [...OPEN_OPERATION_STATUSES])))
    .orderBy(asc(deviceOperations.id));
  for (const row of rows) out.set(row.deviceId, [...(out.get(row.deviceId) ?? []), row]);
  return out;
}

/** Beacons' physical roles (ROOM, BED) by device id. */
export async function beaconRoles(db: Database, groupIds: readonly number[]): Promise<Record<string, string | null>> {
  if (groupIds.length === 0) return {};
  const rows = await db
    .select({ id: devices.id, physicalRole: devices.physicalRole })
    .from(devices)
    .where(and(idIn(devices.groupId, groupIds), eq(devices.type, 'BEACON'), eq(devices.active, true)));
  return Object.fromEntries(rows.map((r) => [String(r.id), r.physicalRole]));
}

export interface DeviceWithFirmware {
  device: DeviceRow;
  modelName: string;
  currentVersion: string | null;
  latestId: number | null;
  desired: SettingValues | null;
}

/** The given devices with their model, firmware and wanted settings (only those that exist). */
export async function devicesByIds(db: Database, ids: readonly number[]): Promise<DeviceWithFirmware[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ device: devices, modelName: deviceModels.name, currentVersion: current.version, latestId: latest.id, desired: deviceSettings.desired })
    .from(devices)
    .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .leftJoin(current, eq(current.id, devices.firmwareVersionId))
    .leftJoin(latest, and(eq(latest.modelId, devices.modelId), eq(latest.isLatest, true)))
    .leftJoin(deviceSettings, eq(deviceSettings.deviceId, devices.id))
    .where(idIn(devices.id, ids));
  return rows.map((r) => ({ ...r, desired: r.desired ?? null }));
}

/** Merges wanted setting values into each device's. */
export async function saveDesired(db: Database, changes: readonly { deviceId: number; values: SettingValues }[]): Promise<void> {
  if (changes.length === 0) return;
  await db
    .insert(deviceSettings)
    .values(changes.map((c) => ({ deviceId: c.deviceId, desired: c.values })))
    .onConflictDoUpdate({
      target: deviceSettings.deviceId,
      set: { desired: sql`${deviceSettings.desired} || excluded.desired`, updatedAt: sql`now()` },
    });
}

export interface NewOperation {
  deviceId: number;
  groupId: number;
  type: OperationType;
  description: string;
  settings: SettingValues | null;
  firmwareVersionId: number | null;
  createdBy: number;
}

/** Inserts the operations; one already open for its device and type is left (the result lacks it). */
export async function insertOperations(db: Database, rows: readonly NewOperation[]): Promise<DeviceOperationRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(deviceOperations)
    .values([...rows])
    .onConflictDoNothing({
      target: [deviceOperations.deviceId, deviceOperations.type],
      where: sql.raw(`"status" in ('PENDING', 'WORKING')`),
    })
    .returning();
}

export async function operationById(db: Database, id: number): Promise<DeviceOperationRow | undefined> {
  const [row] = await db.select().from(deviceOperations).where(eq(deviceOperations.id, id));
  return row;
}
