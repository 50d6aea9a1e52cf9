import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DEFAULT_DATA_EXPORT_TIMEOUT_MS, DEFAULT_PGLITE_EXPORT_STATEMENT_TIMEOUT_MS, DEFAULT_REPORT_STATEMENT_TIMEOUT_MS } from '../env';
import { pgliteClient, type PgliteClient } from './pglite-client';
import { PgliteThread } from './pglite-thread';
import * as relations from './relations';
import * as tables from './schema';
import { scratchDataDir } from './scratch-dir';

/** Tables plus relations: what drizzle needs for both the query builder and db.query.*. */
export const dbSchema = { ...tables, ...relations };
export type DbSchema = typeof dbSchema;

/**
 * What db.execute() resolves to on either driver: both results carry `rows`, which is all
 * driver-neutral code may rely on (other fields differ between pg and PGlite).
 */
export interface DbQueryResultHKT extends PgQueryResultHKT {
  readonly type: RowsResult<this['row']>;
}
export interface RowsResult<TRow> {
  rows: TRow[];
}

/** The one database type for both drivers, so queries are written once. */
export type Database = PgDatabase<DbQueryResultHKT, DbSchema>;

/**
 * A transaction inside Database.transaction(). It is a Database (drizzle's PgTransaction extends
 * PgDatabase), so the entity functions and repos, which take a Database, are handed a
 * transaction as it is, with no cast.
 */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseKind = 'pglite' | 'postgres';

/**
 * Where data exports run their SQL, never on the connections the console's requests use
 * (ARCHITECTURE.md, 'Data exports').
 */
export type ExportDatabase =
  /** PostgreSQL: a pool of the exports' own, whose sessions carry their statement_timeout. */
  | { kind: 'postgres'; db: Database }
  /**
   * PGlite: each export runs in a PGlite of its own (`openScratchPglite`), filled with the rows it
   * may read from `source`, the database itself with every statement stopped after
   * `statementTimeoutMs`: PGlite's only connection is held while one runs.
   */
  | { kind: 'pglite'; source: Database; statementTimeoutMs: number };

export interface DatabaseHandle {
  db: Database;
  /**
   * The same database for report reads: every statement is stopped after the report statement
   * limit (SQLSTATE 57014). Writes, the ingest and derivation use `db`, which has no limit.
   */
  reportDb: Database;
  /** Where data exports run. */
  exports: ExportDatabase;
  kind: DatabaseKind;
  close(): Promise<void>;
}

/** An embedded PGlite, which can also write its data directory out as an archive. */
export interface PgliteHandle extends DatabaseHandle {
  kind: 'pglite';
  /** The data directory as an uncompressed tar archive, for `loadDataDir`. */
  dumpDataDir(): Promise<Uint8Array>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  url?: string;
  /** PGlite data directory (created if missing); a temporary one, removed on close, when undefined. */
  pgliteDir?: string;
  /** Milliseconds a statement of `reportDb` may run (REPORT_STATEMENT_TIMEOUT_MS). */
  reportStatementTimeoutMs?: number;
  /** On PostgreSQL, milliseconds a statement of a data export may run (DATA_EXPORT_TIMEOUT_MS). */
  exportStatementTimeoutMs?: number;
  /** On PGlite, milliseconds one statement of a data export may hold its only connection (DATA_EXPORT_PGLITE_STATEMENT_TIMEOUT_MS). */
  pgliteExportStatementTimeoutMs?: number;
}

/** Opens PostgreSQL when a url is given, otherwise an embedded PGlite in a worker thread. */
export async function createDatabase(opts: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const limitMs = opts.reportStatementTimeoutMs ?? DEFAULT_REPORT_STATEMENT_TIMEOUT_MS;
  if (!opts.url) {
    return openPglite({ dataDir: opts.pgliteDir, reportStatementTimeoutMs: limitMs, exportStatementTimeoutMs: opts.pgliteExportStatementTimeoutMs });
  }

  const pool = postgresPool({ connectionString: opts.url });
  // A pool of its own whose sessions carry statement_timeout: PostgreSQL then stops a runaway
  // report itself, and a report never waits for a connection the ingest holds.
  const reportPool = postgresPool({ connectionString: opts.url, statement_timeout: limitMs, application_name: 'lavo-reports' });
  // And one for data exports, whose queries may run far longer than a report's: an export never
  // takes a connection a report or a request waits for. The jobs run one export at a time, and
  // without parallel workers an export's query keeps to one core of the server.
  const exportPool = postgresPool({
    connectionString: opts.url,
    statement_timeout: opts.exportStatementTimeoutMs ?? DEFAULT_DATA_EXPORT_TIMEOUT_MS,
    options: '-c max_parallel_workers_per_gather=0',
    application_name: 'lavo-exports',
    max: 2,
  });
  let closing: Promise<void> | undefined;
  return {
    db: drizzlePg({ client: pool, schema: dbSchema }),
    reportDb: drizzlePg({ client: reportPool, schema: dbSchema }),
    exports: { kind: 'postgres', db: drizzlePg({ client: exportPool, schema: dbSchema }) },
    kind: 'postgres',
    // Idempotent: pg throws if a pool is ended twice, and shutdown paths often overlap.
    close: () => (closing ??= Promise.all([pool.end(), reportPool.end(), exportPool.end()]).then(() => undefined)),
  };
}

function postgresPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // An idle client that loses its server emits 'error' on the pool; without a listener
  // that would crash the process instead of failing the next query.
  pool.on('error', () => undefined);
  return pool;
}

// drizzle's PGlite driver calls only query() and transaction() (whose tx only query()), which
// the thread client provides with PGlite's own behaviour.
const asPglite = (client: PgliteClient) => client as unknown as PGlite;

export interface PgliteOptions {
  /** Data directory (created if missing); a temporary one, removed on close, when undefined. */
  dataDir?: string;
  /** A `dumpDataDir` archive to start from; the directory must hold no database yet. */
  loadDataDir?: Uint8Array;
  reportStatementTimeoutMs?: number;
  /** Milliseconds one statement a data export runs here may take (DATA_EXPORT_PGLITE_STATEMENT_TIMEOUT_MS). */
  exportStatementTimeoutMs?: number;
}

/**
 * Opens PGlite in a worker thread (pglite-thread.ts), so its statements never hold the API's
 * event loop. Without a directory it gets a temporary one rather than memory: stopping a report
 * past its limit means ending the worker and reopening the directory, which memory would not survive.
 */
export async function openPglite(opts: PgliteOptions = {}): Promise<PgliteHandle> {
  const scratch = opts.dataDir ? undefined : await scratchDataDir();
  const dataDir = opts.dataDir ?? scratch!;
  mkdirSync(dataDir, { recursive: true });
  const thread = await PgliteThread.open({ dataDir, loadDataDir: opts.loadDataDir }).catch(async (error: unknown) => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
    throw error;
  });
  const limitMs = opts.reportStatementTimeoutMs ?? DEFAULT_REPORT_STATEMENT_TIMEOUT_MS;
  const exportLimitMs = opts.exportStatementTimeoutMs ?? DEFAULT_PGLITE_EXPORT_STATEMENT_TIMEOUT_MS;
  let closing: Promise<void> | undefined;
  return {
    db: drizzlePglite({ client: asPglite(pgliteClient(thread)), schema: dbSchema }),
    reportDb: drizzlePglite({ client: asPglite(pgliteClient(thread, limitMs)), schema: dbSchema }),
    exports: { kind: 'pglite', source: drizzlePglite({ client: asPglite(pgliteClient(thread, exportLimitMs)), schema: dbSchema }), statementTimeoutMs: exportLimitMs },
    kind: 'pglite',
    dumpDataDir: () => thread.exclusive(async () => (await thread.send({ op: 'dump' })) as Uint8Array),
    close: () =>
      (closing ??= (async () => {
        await thread.close();
        if (scratch) await rm(scratch, { recursive: true, force: true });
      })()),
  };
}

/** The lowest priority: a scratch database's worker runs when the API's threads (the console's database among them) leave a core idle. */
const SCRATCH_NICENESS = 19;

/** A PGlite that lives as long as one task: in memory, in a worker thread of its own. */
export interface ScratchPglite {
  db: Database;
  /** The database as an uncompressed tar archive, to open others like it from (`loadDataDir`). */
  dumpDataDir(): Promise<Uint8Array>;
  /** Ends it at once, whatever it runs (what was asked for fails); safe to call twice. */
  close(): Promise<void>;
}

/**
 * Opens a scratch PGlite: in memory (from a `dumpDataDir` archive when given), in its own worker,
 * so nothing it runs waits for, or holds, the database the console uses, and at the lowest CPU
 * priority, so its work does not slow the console's either. A statement that runs
 * past `limitMs` (asked again for each statement) fails with SQLSTATE 57014 and ends the whole
 * database with its worker; it is never reopened. A data export runs in one (ARCHITECTURE.md,
 * 'Data exports').
 */
export async function openScratchPglite(opts: { loadDataDir?: Uint8Array; limitMs: () => number }): Promise<ScratchPglite> {
  const thread = await PgliteThread.open({ loadDataDir: opts.loadDataDir, niceness: SCRATCH_NICENESS }, { atLimit: 'end' });
  return {
    db: drizzlePglite({ client: asPglite(pgliteClient(thread, opts.limitMs)), schema: dbSchema }),
    dumpDataDir: () => thread.exclusive(async () => (await thread.send({ op: 'dump' })) as Uint8Array),
    close: () => thread.end(),
  };
}
