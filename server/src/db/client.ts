import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { DEFAULT_REPORT_STATEMENT_TIMEOUT_MS } from '../env';
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

/** A transaction inside Database.transaction(); accepted wherever a Database is. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  /**
   * The same database for report reads: every statement is stopped after the report statement
   * limit (SQLSTATE 57014). Writes, the ingest and derivation use `db`, which has no limit.
   */
  reportDb: Database;
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
}

/** Opens PostgreSQL when a url is given, otherwise an embedded PGlite in a worker thread. */
export async function createDatabase(opts: DatabaseOptions = {}): Promise<DatabaseHandle> {
  const limitMs = opts.reportStatementTimeoutMs ?? DEFAULT_REPORT_STATEMENT_TIMEOUT_MS;
  if (!opts.url) return openPglite({ dataDir: opts.pgliteDir, reportStatementTimeoutMs: limitMs });

  const pool = postgresPool({ connectionString: opts.url });
  // A pool of its own whose sessions carry statement_timeout: PostgreSQL then stops a runaway
  // report itself, and a report never waits for a connection the ingest holds.
  const reportPool = postgresPool({ connectionString: opts.url, statement_timeout: limitMs, application_name: 'lavo-reports' });
  let closing: Promise<void> | undefined;
  return {
    db: drizzlePg({ client: pool, schema: dbSchema }),
    reportDb: drizzlePg({ client: reportPool, schema: dbSchema }),
    kind: 'postgres',
    // Idempotent: pg throws if a pool is ended twice, and shutdown paths often overlap.
    close: () => (closing ??= Promise.all([pool.end(), reportPool.end()]).then(() => undefined)),
  };
}

function postgresPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  // An idle client that loses its server emits 'error' on the pool; without a listener
  // that would crash the process instead of failing the next query.
  pool.on('error', () => undefined);
  return pool;
}

export interface PgliteOptions {
  /** Data directory (created if missing); a temporary one, removed on close, when undefined. */
  dataDir?: string;
  /** A `dumpDataDir` archive to start from; the directory must hold no database yet. */
  loadDataDir?: Uint8Array;
  reportStatementTimeoutMs?: number;
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
  // drizzle's PGlite driver calls only query() and transaction() (whose tx only query()), which
  // the thread client provides with PGlite's own behaviour.
  const asPglite = (client: PgliteClient) => client as unknown as PGlite;
  let closing: Promise<void> | undefined;
  return {
    db: drizzlePglite({ client: asPglite(pgliteClient(thread)), schema: dbSchema }),
    reportDb: drizzlePglite({ client: asPglite(pgliteClient(thread, limitMs)), schema: dbSchema }),
    kind: 'pglite',
    dumpDataDir: () => thread.exclusive(async () => (await thread.send({ op: 'dump' })) as Uint8Array),
    close: () =>
      (closing ??= (async () => {
        await thread.close();
        if (scratch) await rm(scratch, { recursive: true, force: true });
      })()),
  };
}
