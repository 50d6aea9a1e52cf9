import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { EDITOR_DEVICE_TYPES, type EditorDevice, type EditorDeviceType, type EditorZone } from '../../contracts/editor';
import type { Database } from '../../db/client';
import { devices, groups, zones, type DeviceRow, type NewDeviceRow, type NewZoneRow, type ZoneRow } from '../../db/schema';

// What the Location Editor reads and writes: a location's devices (of the editor's types) and
// zones. Every write the editor makes grows the row's version by one; the service decides whether
// a write is needed at all, so a save of unchanged values leaves the version as it was.

const EDITOR_TYPES: readonly string[] = EDITOR_DEVICE_TYPES;

/** Whether a device is one the editor places (not a wearable). */
export const isEditorDevice = (row: Pick<DeviceRow, 'type'>) => EDITOR_TYPES.includes(row.type);

export function toEditorDevice(row: DeviceRow): EditorDevice {
  return {
    id: row.id,
    entityType: 'DEVICE',
    mac: row.mac,
    name: row.name,
    type: row.type as EditorDeviceType,
    groupId: row.groupId ?? 0,
    modelId: row.modelId,
    firmwareVersionId: row.firmwareVersionId,
    role: row.role,
    physicalRole: row.physicalRole,
    zoneId: row.zoneId,
    x: row.x,
    y: row.y,
    active: row.active,
    staged: row.staged,
    publish: row.publish,
    replacedDeviceId: row.replacedDeviceId,
    version: row.version,
  };
}

export function toEditorZone(row: ZoneRow): EditorZone {
  return {
    id: row.id,
    entityType: 'ZONE',
    ehrId: row.ehrId,
    groupId: row.groupId,
    name: row.name,
    type: row.type,
    geometry: row.geometry ?? null,
    meta: row.meta ?? null,
    active: row.active,
    staged: row.staged,
    publish: row.publish,
    version: row.version,
  };
}

export async function findEditorGroup(db: Database, id: number) {
  const [row] = await db
    .select({ id: groups.id, name: groups.name, floorplanImage: groups.floorplanImage, mapScale: groups.mapScale })
    .from(groups)
    .where(eq(groups.id, id));
  return row ?? null;
}

/** The devices of the editor's types standing in the location itself, by name. */
export function listEditorDevices(db: Database, groupId: number): Promise<DeviceRow[]> {
  return db
    .select()
    .from(devices)
    .where(and(eq(devices.groupId, groupId), inArray(devices.type, [...EDITOR_DEVICE_TYPES])))
    .orderBy(asc(devices.name), asc(devices.id));
}

/** The zones of the location itself, by name. */
export function listEditorZones(db: Database, groupId: number): Promise<ZoneRow[]> {
  return db.select().from(zones).where(eq(zones.groupId, groupId)).orderBy(asc(zones.name), asc(zones.id));
}

/** Devices by id, locked until the transaction ends. */
export function lockDevices(db: Database, ids: readonly number[]): Promise<DeviceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(devices).where(inArray(devices.id, [...ids])).orderBy(asc(devices.id)).for('update');
}

/** Zones by id, locked until the transaction ends. */
export function lockZones(db: Database, ids: readonly number[]): Promise<ZoneRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(zones).where(inArray(zones.id, [...ids])).orderBy(asc(zones.id)).for('update');
}

/** The device with this MAC, locked until the transaction ends. */
export async function lockDeviceByMac(db: Database, mac: string): Promise<DeviceRow | null> {
  const [row] = await db.select().from(devices).where(eq(devices.mac, mac)).for('update');
  return row ?? null;
}

export async function findDeviceRow(db: Database, id: number): Promise<DeviceRow | null> {
  const [row] = await db.select().from(devices).where(eq(devices.id, id));
  return row ?? null;
}

export async function findZoneRow(db: Database, id: number): Promise<ZoneRow | null> {
  const [row] = await db.select().from(zones).where(eq(zones.id, id));
  return row ?? null;
}

export async function groupExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, id));
  return row !== undefined;
}

export async function insertDevice(db: Database, values: NewDeviceRow): Promise<DeviceRow> {
  const [row] = await db.insert(devices).values(values).returning();
  if (!row) throw new Error('device not inserted');
  return row;
}

/** Changes a device and grows its version. */
export async function updateDevice(db: Database, id: number, values: Partial<NewDeviceRow>): Promise<DeviceRow> {
  const [row] = await db
    .update(devices)
    .set({ ...values, version: sql`${devices.version} + 1` })
    .where(eq(devices.id, id))
    .returning();
  if (!row) throw new Error('device not updated');
  return row;
}

export async function deleteDevice(db: Database, id: number): Promise<void> {
  await db.delete(devices).where(eq(devices.id, id));
}

export async function insertZone(db: Database, values: NewZoneRow): Promise<ZoneRow> {
  const [row] = await db.insert(zones).values(values).returning();
  if (!row) throw new Error('zone not inserted');
  return row;
}

/** Changes a zone and grows its version. */
export async function updateZone(db: Database, id: number, values: Partial<NewZoneRow>): Promise<ZoneRow> {
  const [row] = await db
    .update(zones)
    .set({ ...values, version: sql`${zones.version} + 1` })
    .where(eq(zones.id, id))
    .returning();
  if (!row) throw new Error('zone not updated');
  return row;
}

/**
 * Takes the devices that name a zone off it (all of them, or those outside `keepGroupId`, where
 * the zone now is), growing their versions: they changed too.
 */
export async function detachDevicesFromZone(db: Database, zoneId: number, keepGroupId?: number): Promise<void> {
  await db
    .update(devices)
    .set({ zoneId: null, version: sql`${devices.version} + 1` })
    .where(and(eq(devices.zoneId, zoneId), keepGroupId === undefined ? undefined : ne(devices.groupId, keepGroupId)));
}

export async function deleteZone(db: Database, id: number): Promise<void> {
  await detachDevicesFromZone(db, id);
  await db.delete(zones).where(eq(zones.id, id));
}
