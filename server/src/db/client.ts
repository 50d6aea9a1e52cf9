import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as relations from './relations';
import * as tables from './schema';

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
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when set, PGlite is not used. */
  url?: string;
  /** PGlite data directory (created if missing); in-memory when undefined. */
  pgliteDir?: string;
}

/** Opens PostgreSQL when a url is given, otherwise an embedded PGlite (in memory or in a directory). */
export async function createDatabase(opts: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url });
    // An idle client that loses its server emits 'error' on the pool; without a listener
    // that would crash the process instead of failing the next query.
    pool.on('error', () => undefined);
    const db = drizzlePg({ client: pool, schema: dbSchema });
    let closing: Promise<void> | undefined;
    // Idempotent: pg throws if a pool is ended twice, and shutdown paths often overlap.
    return { db, kind: 'postgres', close: () => (closing ??= pool.end()) };
  }

  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  const client = opts.pgliteDir ? new PGlite(opts.pgliteDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({ client, schema: dbSchema });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
