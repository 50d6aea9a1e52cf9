import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { SOFTWARE_JOB_STATUSES, type SoftwareJobStatus } from '../contracts/gateways';
import { deviceModels, devices } from './schema-devices';
import { users } from './schema-directory';

// Gateways' own software and state (docs/GATEWAYS.md): the versions of each software package a
// gateway model may run, what each gateway runs, the jobs that install a version on a gateway,
// and what a gateway last reported of itself (its terminal session, its setup outcome).

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const inList = (column: string, values: readonly string[]) => sql.raw(`"${column}" in (${values.map((v) => `'${v}'`).join(', ')})`);

/** A version of a software package for one gateway model. */
export const softwareVersions = pgTable(
  'software_versions',
  {
    id: serial('id').primaryKey(),
    packageName: text('package_name').notNull(),
    version: text('version').notNull(),
    modelId: integer('model_id')
      .notNull()
      .references(() => deviceModels.id),
    isLatest: boolean('is_latest').notNull().default(false),
    url: text('url'),
    createdAt: stamp('created_at'),
  },
  (t) => [
    unique('software_versions_model_package_version_key').on(t.modelId, t.packageName, t.version),
    uniqueIndex('software_versions_one_latest_idx').on(t.modelId, t.packageName).where(sql.raw(`"is_latest"`)),
  ],
);

/** The version of each package a gateway runs. */
export const gatewaySoftware = pgTable(
  'gateway_software',
  {
    deviceId: integer('device_id')
      .notNull()
      .references((): AnyPgColumn => devices.id, { onDelete: 'cascade' }),
    packageName: text('package_name').notNull(),
    softwareVersionId: integer('software_version_id')
      .notNull()
      .references(() => softwareVersions.id),
    updatedAt: stamp('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.packageName] })],
);

/**
 * One version to install on one gateway. At most one job per gateway and version is open
 * (PENDING or STARTED), which makes a repeated add a no-op.
 */
export const softwareJobs = pgTable(
  'software_jobs',
  {
    id: serial('id').primaryKey(),
    deviceId: integer('device_id')
      .notNull()
      .references((): AnyPgColumn => devices.id, { onDelete: 'cascade' }),
    softwareVersionId: integer('software_version_id')
      .notNull()
      .references(() => softwareVersions.id),
    status: text('status').$type<SoftwareJobStatus>().notNull().default('PENDING'),
    message: text('message'),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [
    index('software_jobs_device_idx').on(t.deviceId, t.id),
    uniqueIndex('software_jobs_one_open_idx').on(t.deviceId, t.softwareVersionId).where(sql.raw(`"status" in ('PENDING', 'STARTED')`)),
    check('software_jobs_status_check', inList(t.status.name, SOFTWARE_JOB_STATUSES)),
  ],
);

/** Per gateway: the remote terminal wished for and the session URL it reported; its last reported status. */
export const gatewayStates = pgTable(
  'gateway_states',
  {
    deviceId: integer('device_id')
      .primaryKey()
      .references((): AnyPgColumn => devices.id, { onDelete: 'cascade' }),
    terminalEnabled: boolean('terminal_enabled').notNull().default(false),
    terminalUrl: text('terminal_url'),
    terminalRequestedAt: timestamp('terminal_requested_at', { withTimezone: true, mode: 'date' }),
    statusCode: integer('status_code'),
    statusMessage: text('status_message'),
    statusAt: timestamp('status_at', { withTimezone: true, mode: 'date' }),
    updatedAt: stamp('updated_at'),
  },
  (t) => [check('gateway_states_status_code_check', sql.raw(`"${t.statusCode.name}" is null or "${t.statusCode.name}" between 100 and 599`))],
);

export type SoftwareVersionRow = typeof softwareVersions.$inferSelect;
export type SoftwareJobRow = typeof softwareJobs.$inferSelect;
export type GatewayStateRow = typeof gatewayStates.$inferSelect;
