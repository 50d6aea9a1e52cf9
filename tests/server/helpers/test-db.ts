import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase, type DatabaseHandle, openPglite } from '../../../server/src/db/client';
import { runMigrations } from '../../../server/src/db/migrate';
import { seedDemo } from '../../../server/src/db/seed';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the connection and, on PostgreSQL, drops the database. Safe to call twice. */
  close(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** Seed the demo data (default true); false leaves a migrated, empty database. */
  seed?: boolean;
  /** Apply the migrations (default true); false leaves a database without tables, for tests of the migrations themselves. */
  migrate?: boolean;
  /** On PGlite, build from scratch rather than from the cached snapshot (for tests of migrations and the seed themselves). */
  fresh?: boolean;
  /** Milliseconds a statement of the handle's reportDb may run (the server's default otherwise). */
  reportStatementTimeoutMs?: number;
}

/** Applies the migrations and, unless told not to, the demo seed. */
export async function prepareTestDatabase(handle: DatabaseHandle, seed: boolean): Promise<void> {
  await runMigrations(handle);
  if (seed) await seedDemo(handle.db);
}

/**
 * A fresh, migrated and seeded database for one test file: its own PostgreSQL database on the
 * server of TEST_DATABASE_URL when that is set (dropped on close), else a PGlite in a temporary
 * directory (removed on close).
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const seed = options.seed ?? true;
  const migrate = options.migrate ?? true;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = migrate
      ? await createPgliteTestDatabase(seed, options.fresh ?? false, options.reportStatementTimeoutMs)
      : await openPglite({ reportStatementTimeoutMs: options.reportStatementTimeoutMs });
    return { handle, close: () => handle.close() };
  }

  // Only [a-z0-9_], so the name is safe inside the identifier quotes below.
  const name = `lavo_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await createDatabase({ url: url.toString(), reportStatementTimeoutMs: options.reportStatementTimeoutMs });

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await handle.close();
      // FORCE ends any connection a test leaked, so the drop never blocks (PostgreSQL 13+).
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    })());

  try {
    if (migrate) await prepareTestDatabase(handle, seed);
  } catch (error) {
    await close();
    throw error;
  }
  return { handle, close };
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

// PGlite spends most of a test database's set-up in initdb, migrations and the seed. The first
// test process to need a database does that once and leaves a data-directory archive in the
// temp dir; every later one starts from the archive. The archive's name hashes everything that
// decides its contents, so a changed migration, seed or PGlite version can never reuse it.
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SNAPSHOT_INPUTS = ['server/drizzle', 'server/src/db', 'server/src/contracts/permissions.ts', 'server/src/contracts/page-access.ts', 'node_modules/@electric-sql/pglite/package.json'];
const SNAPSHOT_DIR = path.join(os.tmpdir(), 'lavo-test-pglite');
const STALE_SNAPSHOT_MS = 24 * 3_600_000;

async function filesUnder(relative: string): Promise<string[]> {
  const full = path.join(REPO_ROOT, relative);
  const info = await stat(full).catch(() => undefined);
  if (!info) return [];
  if (!info.isDirectory()) return [relative];
  const entries = await readdir(full, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => filesUnder(path.join(relative, e.name))));
  return nested.flat();
}

async function snapshotKey(seed: boolean): Promise<string> {
  const hash = createHash('sha256').update(seed ? 'seeded\n' : 'empty\n');
  const files = (await Promise.all(SNAPSHOT_INPUTS.map(filesUnder))).flat().sort();
  for (const file of files) hash.update(file).update('\0').update(await readFile(path.join(REPO_ROOT, file)));
  return hash.digest('hex').slice(0, 24);
}

async function createPgliteTestDatabase(seed: boolean, fresh: boolean, reportStatementTimeoutMs?: number): Promise<DatabaseHandle> {
  const key = await snapshotKey(seed);
  const archive = path.join(SNAPSHOT_DIR, `${key}.tar`);
  const cached = fresh ? undefined : await readFile(archive).catch(() => undefined);
  if (cached) {
    try {
      return await openPglite({ loadDataDir: cached, reportStatementTimeoutMs });
    } catch {
      // A truncated or foreign archive: rebuild below and overwrite it.
    }
  }

  const handle = await openPglite({ reportStatementTimeoutMs });
  try {
    await prepareTestDatabase(handle, seed);
    await saveSnapshot(archive, await handle.dumpDataDir());
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function saveSnapshot(archive: string, dump: Uint8Array): Promise<void> {
  try {
    await mkdir(SNAPSHOT_DIR, { recursive: true });
    // Write then rename: a parallel reader sees the whole archive or none.
    const partial = `${archive}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
    await writeFile(partial, dump);
    await rename(partial, archive);
    const now = Date.now();
    for (const name of await readdir(SNAPSHOT_DIR)) {
      const file = path.join(SNAPSHOT_DIR, name);
      if (file !== archive && now - (await stat(file)).mtimeMs > STALE_SNAPSHOT_MS) await rm(file, { force: true });
    }
  } catch {
    // The cache only saves time; a read-only or full temp dir must not fail the test.
  }
}
