import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations, users } from './schema-directory';
import { jobs } from './schema-jobs';

/** A parameter of an export's SQL (`:name`) and the type its value is bound as. */
export interface ExportParameter {
  parameter: string;
  type: 'integer' | 'boolean' | 'text' | 'date';
}

/**
 * A data export an employee defined: SQL over the report views
 * (schema `export_views`, migration 0016), offered to the users of its organizations.
 */
export const dataExports = pgTable('data_exports', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  sqlQuery: text('sql_query').notNull(),
  organizationIds: integer('organization_ids').array().notNull(),
  parameters: jsonb('parameters').$type<ExportParameter[]>().notNull().default([]),
  createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** One run of an export asked for by a user; its job carries status and progress. */
export const dataExportRequests = pgTable(
  'data_export_requests',
  {
    id: serial('id').primaryKey(),
    dataExportId: integer('data_export_id')
      .notNull()
      .references(() => dataExports.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** startDate, endDate and each parameter's value, as given. */
    executionParameters: jsonb('execution_parameters').$type<Record<string, string>>().notNull(),
    /** The organizations whose rows the run may read: the export's, within the requester's scope when asked. */
    organizationIds: integer('organization_ids').array().notNull(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id),
    /** The CSV's storage key once written. */
    fileKey: text('file_key'),
    rowCount: integer('row_count'),
    /** More rows than DATA_EXPORT_MAX_ROWS: the file holds the first ones. */
    truncated: boolean('truncated').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('data_export_requests_user_id_idx').on(t.userId, t.id), index('data_export_requests_job_id_idx').on(t.jobId)],
);

/**
 * The organizations an export may read, per transaction: the server inserts them under the
 * transaction's id just before it hands the transaction to the export role, and the views of
 * `export_views` show only rows of the organizations listed for the current transaction. The
 * export role cannot read or write this table; every row is rolled back with its transaction.
 */
export const dataExportScopes = pgTable(
  'data_export_scopes',
  {
    txid: bigint('txid', { mode: 'number' }).notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.txid, t.organizationId] })],
);

export type DataExportRow = typeof dataExports.$inferSelect;
export type DataExportRequestRow = typeof dataExportRequests.$inferSelect;
