import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { KIOSK_GATEWAY_MODEL_ID, type DeviceType } from '../../contracts/devices';
import { KIOSK_GATEWAY_ROLE } from '../../contracts/stations';
import type { DeviceModel } from '../../contracts/device-registry';
import type { Database } from '../../db/client';
import { deviceModels, devices, firmwareVersions, groups, type DeviceRow, type NewDeviceRow } from '../../db/schema';

// Devices of every kind: by id or MAC, new ones, and the models and firmware versions they run.

/** A device by id, locked against concurrent assignment changes until the transaction ends. */
export async function lockDevice(db: Database, id: number): Promise<DeviceRow | null> {
  const [row] = await db.select().from(devices).where(eq(devices.id, id)).for('update');
  return row ?? null;
}

/** A device by id. */
export async function findDevice(db: Database, id: number): Promise<DeviceRow | null> {
  const [row] = await db.select().from(devices).where(eq(devices.id, id));
  return row ?? null;
}

/** Device models (of one type, or all) with their firmware versions, newest first. */
export async function listModels(db: Database, type: DeviceType | undefined): Promise<DeviceModel[]> {
  const models = await db
    .select()
    .from(deviceModels)
    .where(type ? eq(deviceModels.deviceType, type) : undefined)
    .orderBy(asc(deviceModels.name), asc(deviceModels.id));
  if (models.length === 0) return [];
  const versions = await db
    .select({ id: firmwareVersions.id, modelId: firmwareVersions.modelId, version: firmwareVersions.version, isLatest: firmwareVersions.isLatest })
    .from(firmwareVersions)
    .where(inArray(firmwareVersions.modelId, models.map((m) => m.id)))
    .orderBy(desc(firmwareVersions.createdAt), desc(firmwareVersions.id));
  return models.map((m) => ({
    id: m.id,
    name: m.name,
    deviceType: m.deviceType,
    versions: versions.filter((v) => v.modelId === m.id).map(({ id, version, isLatest }) => ({ id, version, isLatest })),
  }));
}

export async function findModel(db: Database, id: number) {
  const [row] = await db.select().from(deviceModels).where(eq(deviceModels.id, id));
  return row ?? null;
}

export async function findFirmwareVersion(db: Database, id: number) {
  const [row] = await db.select().from(firmwareVersions).where(eq(firmwareVersions.id, id));
  return row ?? null;
}

/** The device with this (normalized) MAC, with its location's name. */
export async function findByMac(db: Database, mac: string) {
  const [row] = await db
    .select({ id: devices.id, name: devices.name, type: devices.type, groupId: devices.groupId, groupName: groups.name })
    .from(devices)
    .leftJoin(groups, eq(groups.id, devices.groupId))
    .where(eq(devices.mac, mac));
  return row ?? null;
}

export async function insertDevice(db: Database, row: NewDeviceRow): Promise<DeviceRow> {
  const [inserted] = await db.insert(devices).values(row).returning();
  if (!inserted) throw new Error('device not inserted');
  return inserted;
}

/** Inserts the device unless its MAC is already known; answers the new row, or null. */
export async function insertDeviceUnlessKnown(db: Database, row: NewDeviceRow): Promise<DeviceRow | null> {
  const [inserted] = await db.insert(devices).values(row).onConflictDoNothing({ target: devices.mac }).returning();
  return inserted ?? null;
}

/** The device with this (normalized) MAC, the whole row. */
export async function findDeviceByMac(db: Database, mac: string): Promise<DeviceRow | null> {
  const [row] = await db.select().from(devices).where(eq(devices.mac, mac));
  return row ?? null;
}

/** Changes these fields of the device. */
export async function updateDevice(db: Database, id: number, changes: Partial<Omit<NewDeviceRow, 'id'>>): Promise<void> {
  await db.update(devices).set(changes).where(eq(devices.id, id));
}

/** The active gateways of these locations: their names and MACs. */
export async function activeGatewaysOf(db: Database, groupIds: readonly number[]): Promise<{ name: string; mac: string }[]> {
  if (groupIds.length === 0) return [];
  return db
    .select({ name: devices.name, mac: devices.mac })
    .from(devices)
    .where(and(eq(devices.type, 'GATEWAY'), eq(devices.active, true), inArray(devices.groupId, [...groupIds])));
}

/** The names of the gateways other than `id`. */
export async function otherGatewayNames(db: Database, id: number): Promise<string[]> {
  const rows = await db
    .select({ name: devices.name })
    .from(devices)
    .where(and(eq(devices.type, 'GATEWAY'), ne(devices.id, id)));
  return rows.map((r) => r.name);
}

/** The unique constraint on devices.mac. */
export const DEVICES_MAC_CONSTRAINT = 'devices_mac_unique';

/** Whether a device is a kiosk gateway: the kiosk model in the kiosk role. */
export const isKioskGateway = (device: Pick<DeviceRow, 'type' | 'modelId' | 'role'>) =>
  device.type === 'GATEWAY' && device.modelId === KIOSK_GATEWAY_MODEL_ID && device.role === KIOSK_GATEWAY_ROLE;
