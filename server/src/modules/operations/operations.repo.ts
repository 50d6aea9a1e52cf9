import { aliasedTable, and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SettingValues } from '../../contracts/device-settings';
import type { OperableDevice, OperationType } from '../../contracts/operations';
import type { DeviceType } from '../../contracts/devices';
import type { Database } from '../../db/client';
import { idIn, isoOrNull } from '../../core/sql';
import { deviceModels, deviceOperations, devices, deviceSettings, firmwareVersions, groups, settingPresets, type DeviceOperationRow, type DeviceRow, type SettingPresetRow } from '../../db/schema';

type NewSettingPresetRow = typeof settingPresets.$inferInsert;
import { operationStates } from '../devices';

// What the operations pages read and write: operable devices with their firmware, settings and
// operations; the settings wanted of them; their operations.

const current = aliasedTable(firmwareVersions, 'current_firmware');
const latest = aliasedTable(firmwareVersions, 'latest_firmware');

/** The active, published devices of the given types in the given locations, as the operations pages list them. */
export async function listOperableDevices(db: Database, groupIds: readonly number[], types: readonly DeviceType[]): Promise<OperableDevice[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({ device: devices, modelName: deviceModels.name, groupName: groups.name })
    .from(devices)
    .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
    .innerJoin(groups, eq(groups.id, devices.groupId))
    .where(and(idIn(devices.groupId, groupIds), inArray(devices.type, [...types]), eq(devices.active, true), eq(devices.staged, false)))
    .orderBy(asc(devices.name), asc(devices.id));
  const states = await operationStates(db, rows.map((r) => r.device.id));
  return rows.flatMap(({ device, modelName, groupName }) => {
    const state = states.get(device.id);
    if (!state) return [];
    return [
      {
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
        ...state,
      },
    ];
  });
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

/** Cancels the operation if it is still pending; answers its row then, or null. */
export async function cancelPendingOperation(db: Database, id: number): Promise<DeviceOperationRow | null> {
  const [canceled] = await db
    .update(deviceOperations)
    .set({ status: 'CANCELED', updatedAt: new Date() })
    .where(and(eq(deviceOperations.id, id), eq(deviceOperations.status, 'PENDING')))
    .returning();
  return canceled ?? null;
}

/** The presets of a model that these organizations keep, by name. */
export async function listPresets(db: Database, modelId: number, organizationIds: readonly number[]): Promise<SettingPresetRow[]> {
  return db
    .select()
    .from(settingPresets)
    .where(and(eq(settingPresets.modelId, modelId), idIn(settingPresets.organizationId, organizationIds)))
    .orderBy(settingPresets.name, settingPresets.id);
}

export async function findPreset(db: Database, id: number): Promise<SettingPresetRow | null> {
  const [row] = await db.select().from(settingPresets).where(eq(settingPresets.id, id));
  return row ?? null;
}

export async function insertPreset(db: Database, row: NewSettingPresetRow): Promise<SettingPresetRow> {
  const [inserted] = await db.insert(settingPresets).values(row).returning();
  return inserted as SettingPresetRow;
}

export async function updatePreset(db: Database, id: number, changes: Pick<NewSettingPresetRow, 'name' | 'settings'>): Promise<SettingPresetRow> {
  const [row] = await db
    .update(settingPresets)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(settingPresets.id, id))
    .returning();
  return row as SettingPresetRow;
}

/** Deletes the preset; answers whether it was there. */
export async function deletePreset(db: Database, id: number): Promise<boolean> {
  const removed = await db.delete(settingPresets).where(eq(settingPresets.id, id)).returning({ id: settingPresets.id });
  return removed.length > 0;
}
