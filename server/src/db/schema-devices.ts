import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { DEVICE_TYPES, type DeviceType, ZONE_TYPES, type ZoneType } from '../contracts/devices';
import { groups, users } from './schema-directory';

// Devices and where they are: models, firmware, the devices themselves, zones (rooms), and who
// wore which wearable when. Foreign keys to groups and users are lazy, since schema.ts re-exports
// this file.

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`"${column}" in (${values.map((v) => `'${v}'`).join(', ')})`);

export const deviceModels = pgTable('device_models', {
  id: serial('id').primaryKey(),
  /** One of the spec's model labels ('GEN 2-5', 'Minew Gateway v2', …). */
  name: text('name').notNull(),
  deviceType: text('device_type').$type<DeviceType>().notNull(),
});

export const firmwareVersions = pgTable(
  'firmware_versions',
  {
    id: serial('id').primaryKey(),
    modelId: integer('model_id')
      .notNull()
      .references(() => deviceModels.id),
    version: text('version').notNull(),
    /** Not read: a version's image is in the file storage under its id (modules/firmware/firmware-files.ts), served by the API. */
    url: text('url'),
    isLatest: boolean('is_latest').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('firmware_versions_model_id_idx').on(t.modelId)],
);

export const zones = pgTable(
  'zones',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references((): AnyPgColumn => groups.id),
    name: text('name').notNull(),
    /** PATIENT_ROOM and CDIFF are patient rooms (visits make opportunities); REMINDER zones remind. */
    type: text('type').$type<ZoneType>().notNull(),
    ehrId: text('ehr_id'),
    /** GeoJSON Polygon on the location's floor plan, in floor-plan pixels. */
    geometry: jsonb('geometry').$type<{ type: 'Polygon'; coordinates: [number, number][][] }>(),
    /** REMINDER zones: { interval } (default 1). */
    meta: jsonb('meta').$type<Record<string, unknown>>(),
    active: boolean('active').notNull().default(true),
    staged: boolean('staged').notNull().default(false),
    publish: boolean('publish').notNull().default(true),
    /** Grows with every change the Location Editor makes; a save names the version it was made from. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('zones_group_id_idx').on(t.groupId), check('zones_type_check', inList(t.type.name, ZONE_TYPES))],
);

export const devices = pgTable(
  'devices',
  {
    id: serial('id').primaryKey(),
    /** 'AA:BB:CC:DD:EE:FF', upper-case. */
    mac: text('mac').notNull().unique(),
    type: text('type').$type<DeviceType>().notNull(),
    name: text('name').notNull(),
    groupId: integer('group_id').references((): AnyPgColumn => groups.id),
    modelId: integer('model_id')
      .notNull()
      .references(() => deviceModels.id),
    firmwareVersionId: integer('firmware_version_id').references(() => firmwareVersions.id),
    /** Dispensers: 'Soap' or 'Sanitizer'; gateways: 'KIOSK_GATEWAY' or 'GATEWAY'; others 'other'. */
    role: text('role'),
    /** Beacons: 'ROOM' (marks a zone) or 'BED' (a bed in a room). */
    physicalRole: text('physical_role'),
    /** The room a beacon marks or stands in. */
    zoneId: integer('zone_id').references(() => zones.id, { onDelete: 'set null' }),
    mode: text('mode'),
    txPower: integer('tx_power'),
    /** Badges and wristbands: the check-in code shown to staff. */
    code: text('code'),
    /** Kiosk gateways: the charging station's label. */
    station: text('station'),
    /** Wristbands: the gateway whose station last held it. */
    gatewayId: integer('gateway_id').references((): AnyPgColumn => devices.id, { onDelete: 'set null' }),
    syncEnabled: boolean('sync_enabled').notNull().default(false),
    active: boolean('active').notNull().default(true),
    staged: boolean('staged').notNull().default(false),
    publish: boolean('publish').notNull().default(true),
    x: doublePrecision('x'),
    y: doublePrecision('y'),
    batteryPercent: integer('battery_percent'),
    batteryMv: integer('battery_mv'),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true, mode: 'date' }),
    replacedDeviceId: integer('replaced_device_id').references((): AnyPgColumn => devices.id, { onDelete: 'set null' }),
    /** Grows with every change the Location Editor makes (place, settings, staging, replacement); telemetry leaves it. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index('devices_group_id_type_idx').on(t.groupId, t.type),
    index('devices_zone_id_idx').on(t.zoneId),
    check('devices_type_check', inList(t.type.name, DEVICE_TYPES)),
    check('devices_mac_check', sql.raw(`"${t.mac.name}" ~ '^([0-9A-F]{2}:){5}[0-9A-F]{2}$'`)),
  ],
);

/**
 * Walking paths of a location's floor plan (the Path Builder): straight segments between two
 * points, in floor-plan pixels.
 */
export const paths = pgTable(
  'paths',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references((): AnyPgColumn => groups.id, { onDelete: 'cascade' }),
    originX: doublePrecision('origin_x').notNull(),
    originY: doublePrecision('origin_y').notNull(),
    destinationX: doublePrecision('destination_x').notNull(),
    destinationY: doublePrecision('destination_y').notNull(),
    /** The id the drawing device gave the path: a replayed or repeated add finds it instead of drawing it twice. */
    clientId: text('client_id'),
    createdAt: createdAt(),
  },
  (t) => [index('paths_group_id_idx').on(t.groupId), unique('paths_group_id_client_id_key').on(t.groupId, t.clientId)],
);

/** Who wore a wearable (wristband or badge) when: the history the reports attribute events by. */
export const wearableAssignments = pgTable(
  'wearable_assignments',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Null while the assignment holds. */
    unassignedAt: timestamp('unassigned_at', { withTimezone: true, mode: 'date' }),
    assignorId: integer('assignor_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** 'USER' (an administrator), 'KIOSK' (a station) or 'NFC' (a tag tap). */
    assignorType: text('assignor_type').notNull().default('USER'),
  },
  (t) => [
    index('wearable_assignments_device_id_idx').on(t.deviceId, t.assignedAt),
    index('wearable_assignments_user_id_idx').on(t.userId, t.assignedAt),
  ],
);

export type DeviceModelRow = typeof deviceModels.$inferSelect;
export type FirmwareVersionRow = typeof firmwareVersions.$inferSelect;
export type ZoneRow = typeof zones.$inferSelect;
export type NewZoneRow = typeof zones.$inferInsert;
export type DeviceRow = typeof devices.$inferSelect;
export type NewDeviceRow = typeof devices.$inferInsert;
export type PathRow = typeof paths.$inferSelect;
export type WearableAssignmentRow = typeof wearableAssignments.$inferSelect;
