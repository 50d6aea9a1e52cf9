import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { appendFile, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase, type DatabaseHandle, openPglite } from '../../../server/src/db/client';
import { processAlive, scratchDataDir } from '../../../server/src/db/scratch-dir';
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
  // A migrated database is cloned from a template migrated (and seeded) once: copying is far
  // quicker than applying every migration and the seed in each test file.
  const template = migrate && !options.fresh ? await postgresTemplate(serverUrl, seed) : undefined;
  if (template) await cloneTemplate(serverUrl, template, name);
  else await adminQuery(serverUrl, `create database "${name}"`);
  const handle = await createDatabase({ url: databaseUrl(serverUrl, name, TEST_SESSION_OPTIONS), reportStatementTimeoutMs: options.reportStatementTimeoutMs });

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await handle.close();
      // FORCE ends any connection a test leaked, so the drop never blocks (PostgreSQL 13+).
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    })());

  try {
    if (migrate && !template) await prepareTestDatabase(handle, seed);
  } catch (error) {
    await close();
    throw error;
  }
  return { handle, close };
}

/**
 * A test database's sessions do not wait for their commits to reach the disk: a test never
 * survives a crash of the server, and a commit is just as visible to the next statement.
 */
const TEST_SESSION_OPTIONS = '-c synchronous_commit=off';

function databaseUrl(serverUrl: string, name: string, sessionOptions?: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  if (sessionOptions) url.searchParams.set('options', sessionOptions);
  return url.toString();
}

async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  await withAdmin(serverUrl, async (client) => void (await client.query(statement)));
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// PostgreSQL templates: `lavo_template_<key>`, named by the same hash as the PGlite snapshot. The
// first test process to need one builds it under an exclusive advisory lock (and drops the
// templates of other sources, which a changed migration or seed left behind); every clone holds
// the lock shared, so no template is dropped while it is copied.
const TEMPLATE_LOCK = 0x1a70_7e57;

async function postgresTemplate(serverUrl: string, seed: boolean): Promise<string> {
  const template = `lavo_template_${await snapshotKey(seed)}`;
  const exists = (client: pg.Client) =>
    client.query('select 1 from pg_database where datname = $1', [template]).then((r) => (r.rowCount ?? 0) > 0);
  if (await withAdmin(serverUrl, exists)) return template;
  await withAdmin(serverUrl, async (client) => {
    await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      if (await exists(client)) return;
      const building = `${template}_building`;
      await client.query(`drop database if exists "${building}" with (force)`);
      await client.query(`create database "${building}"`);
      const handle = await createDatabase({ url: databaseUrl(serverUrl, building) });
      try {
        await prepareTestDatabase(handle, seed);
      } finally {
        await handle.close();
      }
      await client.query(`alter database "${building}" rename to "${template}"`);
      await client.query(`alter database "${template}" is_template true`);
      // The seeded and the empty template of these sources are both current.
      const current = [`lavo_template_${await snapshotKey(true)}`, `lavo_template_${await snapshotKey(false)}`];
      const stale = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like 'lavo\\_template\\_%' and datname <> all($1) and datname not like '%\\_building'",
        [current],
      );
      for (const { datname } of stale.rows) {
        // Names come from pg_database and match the pattern above; quoted as identifiers.
        const quoted = `"${datname.replaceAll('"', '""')}"`;
        await client.query(`alter database ${quoted} is_template false`);
        await client.query(`drop database if exists ${quoted} with (force)`);
      }
    } finally {
      await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return template;
}

async function cloneTemplate(serverUrl: string, template: string, name: string): Promise<void> {
  await withAdmin(serverUrl, async (client) => {
    await client.query('select pg_advisory_lock_shared($1)', [TEMPLATE_LOCK]);
    try {
      await client.query(`create database "${name}" template "${template}"`);
    } finally {
      await client.query('select pg_advisory_unlock_shared($1)', [TEMPLATE_LOCK]);
    }
  });
}

// PGlite spends most of a test database's set-up in initdb, migrations and the seed. The first
// test process to need a database does that once and leaves the data directory, closed cleanly,
// in the temp dir; every later one copies it and opens the copy, far quicker than loading an
// archive into PGlite. The directory's name hashes everything that decides its contents, so a
// changed migration, seed or PGlite version can never reuse it.
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SNAPSHOT_INPUTS = ['server/drizzle', 'server/src/db', 'tests/server/helpers/test-db.ts', 'server/src/contracts/permissions.ts', 'server/src/contracts/page-access.ts', 'node_modules/@electric-sql/pglite/package.json'];
const SNAPSHOT_DIR = path.join(os.tmpdir(), 'lavo-test-pglite');
const STALE_SNAPSHOT_MS = 24 * 3_600_000;
/**
 * A copy of the snapshot never asks the disk to flush (fsync): it lives as long as one test
 * file. Its commits are still written out at once, so they survive the end of PGlite's worker
 * when a report past its limit is stopped and the directory reopened.
 */
const TEST_PGLITE_SETTINGS = '\n# Test databases only (tests/server/helpers/test-db.ts)\nfsync = off\n';
/** Written last into a snapshot directory: one without it is incomplete. */
const COMPLETE = 'lavo-snapshot-complete';

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
  const snapshot = path.join(SNAPSHOT_DIR, await snapshotKey(seed));
  if (!fresh && existsSync(path.join(snapshot, COMPLETE))) {
    const dir = await scratchDataDir();
    try {
      await copyTree(snapshot, dir, (name) => name !== COMPLETE);
      return withRemovedDir(await openPglite({ dataDir: dir, reportStatementTimeoutMs }), dir);
    } catch {
      // A snapshot removed or damaged meanwhile: build below.
      await rm(dir, { recursive: true, force: true });
    }
  }

  const handle = await openPglite({ reportStatementTimeoutMs });
  try {
    await prepareTestDatabase(handle, seed);
    await saveSnapshot(snapshot, await handle.dumpDataDir());
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/**
 * Copies the directory `from` into `to` (which may exist, empty), all of a directory's entries at
 * once, each file by the kernel (copyFile); `keep` decides on each name. Node's own recursive
 * `cp` checks and copies one entry at a time in JavaScript, and took ten times as long for a data
 * directory's 1,600 files (docs/TESTING.md).
 */
async function copyTree(from: string, to: string, keep: (name: string) => boolean = () => true): Promise<void> {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries
      .filter((entry) => keep(entry.name))
      .map((entry) => (entry.isDirectory() ? copyTree(path.join(from, entry.name), path.join(to, entry.name)) : copyFile(path.join(from, entry.name), path.join(to, entry.name)))),
  );
}

/** The handle, whose close also removes its data directory. */
function withRemovedDir(handle: DatabaseHandle, dir: string): DatabaseHandle {
  let closing: Promise<void> | undefined;
  return { ...handle, close: () => (closing ??= handle.close().finally(() => rm(dir, { recursive: true, force: true }))) };
}

/** Writes the snapshot directory from an archive of the data directory: loaded into a PGlite of its own and closed. */
async function saveSnapshot(snapshot: string, dump: Uint8Array): Promise<void> {
  try {
    await mkdir(SNAPSHOT_DIR, { recursive: true });
    // Built aside, then renamed: a parallel reader sees the whole directory or none.
    const partial = `${snapshot}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
    const loaded = await openPglite({ dataDir: partial, loadDataDir: dump });
    await loaded.close();
    await appendFile(path.join(partial, 'postgresql.conf'), TEST_PGLITE_SETTINGS);
    await writeFile(path.join(partial, COMPLETE), '');
    await rename(partial, snapshot).catch(() => rm(partial, { recursive: true, force: true }));
    const now = Date.now();
    for (const name of await readdir(SNAPSHOT_DIR)) {
      const file = path.join(SNAPSHOT_DIR, name);
      // Old snapshots, and the partial ones of processes that ended before renaming theirs.
      const partialOf = /\.(\d+)\.[0-9a-f]+\.partial$/.exec(name)?.[1];
      const abandoned = partialOf !== undefined && !processAlive(Number(partialOf));
      if (file !== snapshot && (abandoned || now - (await stat(file)).mtimeMs > STALE_SNAPSHOT_MS)) await rm(file, { recursive: true, force: true });
    }
  } catch {
    // The snapshot only saves time; a read-only or full temp dir must not fail the test.
  }
}
