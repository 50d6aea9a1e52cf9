import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  EXECUTION_STATUSES,
  JOB_STATUSES,
  TELEMETRY_METRICS,
  THING_TYPES,
  type ExecutionStatus,
  type JobParameter,
  type JobParameters,
  type JobStatus,
  type TelemetryMetric,
  type ThingType,
} from '../contracts/iot';
import { groups, users } from './schema-directory';

// The local stand-in for AWS IoT (docs/IOT.md): the things of the fleet with their software,
// connectivity and telemetry; the software packages and their versions; job templates, jobs and
// one execution per job and thing, carried out by the things themselves.

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const inList = (column: string, values: readonly string[]) => sql.raw(`"${column}" in (${values.map((v) => `'${v}'`).join(', ')})`);

/** A thing: its serial number (AWS IoT's thing name), type, location and place on the floor plan. */
export const iotThings = pgTable(
  'iot_things',
  {
    id: serial('id').primaryKey(),
    awsId: text('aws_id').notNull(),
    name: text('name').notNull(),
    type: text('type').$type<ThingType>().notNull(),
    groupId: integer('group_id')
      .notNull()
      .references((): AnyPgColumn => groups.id),
    x: doublePrecision('x').notNull().default(0),
    y: doublePrecision('y').notNull().default(0),
    /** The last connectivity event (AWS IoT's thing connectivity). */
    connected: boolean('connected').notNull().default(false),
    connectivityAt: timestamp('connectivity_at', { withTimezone: true, mode: 'date' }),
    createdAt: stamp('created_at'),
  },
  (t) => [uniqueIndex('iot_things_aws_id_key').on(t.awsId), index('iot_things_group_idx').on(t.groupId, t.id), check('iot_things_type_check', inList(t.type.name, THING_TYPES))],
);

/** The versions of each software package; one per package is the latest. */
export const iotPackageVersions = pgTable(
  'iot_package_versions',
  {
    id: serial('id').primaryKey(),
    packageName: text('package_name').notNull(),
    version: text('version').notNull(),
    isLatest: boolean('is_latest').notNull().default(false),
    createdAt: stamp('created_at'),
  },
  (t) => [
    uniqueIndex('iot_package_versions_name_version_key').on(t.packageName, t.version),
    uniqueIndex('iot_package_versions_one_latest_idx').on(t.packageName).where(sql.raw(`"is_latest"`)),
  ],
);

/** The packages installed on a thing, with the version it runs. */
export const iotThingPackages = pgTable(
  'iot_thing_packages',
  {
    thingId: integer('thing_id')
      .notNull()
      .references((): AnyPgColumn => iotThings.id, { onDelete: 'cascade' }),
    packageName: text('package_name').notNull(),
    version: text('version').notNull(),
    updatedAt: stamp('updated_at'),
  },
  (t) => [primaryKey({ columns: [t.thingId, t.packageName] })],
);

/** Connectivity history: each connect and disconnect of a thing. */
export const iotConnectivityEvents = pgTable(
  'iot_connectivity_events',
  {
    id: serial('id').primaryKey(),
    thingId: integer('thing_id')
      .notNull()
      .references((): AnyPgColumn => iotThings.id, { onDelete: 'cascade' }),
    connected: boolean('connected').notNull(),
    at: stamp('at'),
  },
  (t) => [index('iot_connectivity_events_thing_at_idx').on(t.thingId, t.at)],
);

/** Telemetry samples: a count of one metric at an instant. */
export const iotTelemetrySamples = pgTable(
  'iot_telemetry_samples',
  {
    id: serial('id').primaryKey(),
    thingId: integer('thing_id')
      .notNull()
      .references((): AnyPgColumn => iotThings.id, { onDelete: 'cascade' }),
    metric: text('metric').$type<TelemetryMetric>().notNull(),
    value: integer('value').notNull(),
    at: stamp('at'),
  },
  (t) => [
    index('iot_telemetry_samples_thing_at_idx').on(t.thingId, t.at),
    check('iot_telemetry_samples_metric_check', inList(t.metric.name, TELEMETRY_METRICS)),
    check('iot_telemetry_samples_value_check', sql.raw(`"value" >= 0`)),
  ],
);

/** Job templates: a name and the parameters a job of it takes. */
export const iotJobTemplates = pgTable('iot_job_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description'),
  parameters: jsonb('parameters').$type<JobParameter[]>().notNull(),
});

/** A job: a template's parameters, run on some things of a location from `startAt` (now when null). */
export const iotJobs = pgTable(
  'iot_jobs',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => iotJobTemplates.id),
    description: text('description'),
    groupId: integer('group_id')
      .notNull()
      .references((): AnyPgColumn => groups.id),
    status: text('status').$type<JobStatus>().notNull(),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'date' }),
    parameters: jsonb('parameters').$type<JobParameters>().notNull(),
    /** The serial numbers the job targets. */
    thingAwsIds: jsonb('thing_aws_ids').$type<string[]>().notNull(),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: stamp('created_at'),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('iot_jobs_group_idx').on(t.groupId, t.id),
    index('iot_jobs_scheduled_idx').on(t.startAt).where(sql.raw(`"status" = 'SCHEDULED'`)),
    check('iot_jobs_status_check', inList(t.status.name, JOB_STATUSES)),
  ],
);

/** One job on one thing: its status, the thing's output, and when it was made and last moved. */
export const iotJobExecutions = pgTable(
  'iot_job_executions',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references((): AnyPgColumn => iotJobs.id, { onDelete: 'cascade' }),
    thingId: integer('thing_id')
      .notNull()
      .references((): AnyPgColumn => iotThings.id, { onDelete: 'cascade' }),
    status: text('status').$type<ExecutionStatus>().notNull(),
    stdout: text('stdout'),
    createdAt: stamp('created_at'),
    lastUpdatedAt: stamp('last_updated_at'),
  },
  (t) => [
    uniqueIndex('iot_job_executions_job_thing_key').on(t.jobId, t.thingId),
    index('iot_job_executions_thing_idx').on(t.thingId, t.id),
    index('iot_job_executions_queued_idx').on(t.thingId, t.id).where(sql.raw(`"status" = 'QUEUED'`)),
    check('iot_job_executions_status_check', inList(t.status.name, EXECUTION_STATUSES)),
  ],
);

export type IotThingRow = typeof iotThings.$inferSelect;
export type IotJobRow = typeof iotJobs.$inferSelect;
export type IotJobTemplateRow = typeof iotJobTemplates.$inferSelect;
export type IotJobExecutionRow = typeof iotJobExecutions.$inferSelect;
