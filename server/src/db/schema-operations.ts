import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SettingValues } from '../contracts/device-settings';
import { OPERATION_STATUSES, OPERATION_TYPES, type OperationStatus, type OperationType } from '../contracts/operations';
import { deviceModels, devices, firmwareVersions } from './schema-devices';
import { groups, organizations, users } from './schema-directory';

// What is wanted of operable devices and what was done to them (docs/OPERATIONS.md): the settings
// each device should run and last confirmed, the presets of settings an organization keeps, and
// the operations queued for devices, carried out by the gateways that hear them.

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const inList = (column: string, values: readonly string[]) => sql.raw(`"${column}" in (${values.map((v) => `'${v}'`).join(', ')})`);

/** Per device: the settings wanted of it (the settings editor) and the ones it last confirmed. */
export const deviceSettings = pgTable('device_settings', {
  deviceId: integer('device_id')
    .primaryKey()
    .references((): AnyPgColumn => devices.id, { onDelete: 'cascade' }),
  desired: jsonb('desired').$type<SettingValues>().notNull(),
  reported: jsonb('reported').$type<SettingValues>(),
  updatedAt: stamp('updated_at'),
});

/** Named sets of setting values for one model, kept by an organization. */
export const settingPresets = pgTable(
  'setting_presets',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references((): AnyPgColumn => organizations.id, { onDelete: 'cascade' }),
    modelId: integer('model_id')
      .notNull()
      .references(() => deviceModels.id),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<{ label: string; value: number }[]>().notNull(),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    updatedAt: stamp('updated_at'),
  },
  (t) => [index('setting_presets_organization_model_idx').on(t.organizationId, t.modelId)],
);

/**
 * One operation on one device (its id is the spec's operationMetaDataId): a SETTING carries the
 * settings wanted when it was queued, a DFU the firmware to install. At most one of each type is
 * open (PENDING or WORKING) per device, which makes a repeated add a no-op.
 */
export const deviceOperations = pgTable(
  'device_operations',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references((): AnyPgColumn => devices.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references((): AnyPgColumn => groups.id, { onDelete: 'cascade' }),
    type: text('type').$type<OperationType>().notNull(),
    status: text('status').$type<OperationStatus>().notNull().default('PENDING'),
    description: text('description').notNull(),
    settings: jsonb('settings').$type<SettingValues>(),
    firmwareVersionId: integer('firmware_version_id').references(() => firmwareVersions.id),
    progress: integer('progress').notNull().default(0),
    message: text('message'),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [
    index('device_operations_device_idx').on(t.deviceId, t.id),
    index('device_operations_open_group_idx').on(t.groupId).where(sql.raw(`"status" in ('PENDING', 'WORKING')`)),
    uniqueIndex('device_operations_one_open_idx').on(t.deviceId, t.type).where(sql.raw(`"status" in ('PENDING', 'WORKING')`)),
    check('device_operations_type_check', inList(t.type.name, OPERATION_TYPES)),
    check('device_operations_status_check', inList(t.status.name, OPERATION_STATUSES)),
    check('device_operations_progress_check', sql.raw(`"progress" between 0 and 100`)),
  ],
);

export type DeviceOperationRow = typeof deviceOperations.$inferSelect;
export type SettingPresetRow = typeof settingPresets.$inferSelect;
