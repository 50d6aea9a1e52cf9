import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import type { DatabaseHandle, DbSchema } from './client';
import { ensureEventPartitions } from './partitions';

/** The committed drizzle-kit output, found from this file so any working directory works. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

// Arbitrary constant shared by every instance: several API processes starting at once
// against one PostgreSQL must not apply the same migration twice.
const MIGRATION_LOCK_KEY = 727_451_001;

/**
 * Applies every pending migration of server/drizzle with the migrator that matches the driver,
 * then creates the raw event tables' partitions ahead (db/partitions.ts).
 */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  await applyMigrations(handle);
  await ensureEventPartitions(handle.db);
}

/** Applies the pending migrations of `migrationsFolder` (the committed ones unless a test gives others). */
export async function applyMigrations(handle: DatabaseHandle, migrationsFolder = MIGRATIONS_FOLDER): Promise<void> {
  const config = { migrationsFolder };
  // Database is the driver-neutral type; each migrator wants its own driver's type, which
  // `kind` tells us the db really is.
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase<DbSchema>, config);
    return;
  }

  const pool = (handle.db as unknown as NodePgDatabase<DbSchema> & { $client: pg.Pool }).$client;
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client }), config);
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}
