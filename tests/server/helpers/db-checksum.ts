import { sql } from 'drizzle-orm';
import type { Database } from '../../../server/src/db/client';
import { DERIVED_TABLE_NAMES } from '../../../server/src/modules/metrics/derive';

/** A checksum of every row of every table of the public schema, by table. */
export type TableChecksums = Record<string, string>;

/**
 * Row count and an md5 of the sorted rows of each table but `except`: two equal results mean no
 * row was added, removed or changed in between.
 */
export async function tableChecksums(db: Database, except: readonly string[] = []): Promise<TableChecksums> {
  return checksumsOf(db, await publicTables(db, except));
}

/** The tables of the public schema but `except`, by name. */
async function publicTables(db: Database, except: readonly string[]): Promise<string[]> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return tables.rows.map((t) => t.name).filter((name) => !except.includes(name));
}

/** Per table, what any committed change moves: see `changeMarks`. */
export type ChangeMarks = Record<string, string>;

/**
 * Per table but `except`: its row count and the newest transaction id among its rows (`xmin`,
 * the transaction that wrote the row's current version). A committed insert or update leaves a
 * row written by a transaction newer than every one before it, a delete lowers the count, and a
 * later insert raises the newest id again, so no sequence of changes brings a table back to
 * marks it had: marks taken before and after any number of requests are equal exactly when none
 * of them changed the table, even by writing a row again as it was. Far cheaper than
 * `tableChecksums`, which reads and sorts every value, but it compares a database only with
 * itself.
 */
export async function changeMarks(db: Database, except: readonly string[] = []): Promise<ChangeMarks> {
  const parts = (await publicTables(db, except)).map((name) => sql`select ${name}::text as name, count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text as sum from ${sql.identifier(name)}`);
  const result = await db.execute<{ name: string; sum: string }>(sql.join(parts, sql` union all `));
  return Object.fromEntries(result.rows.map((r) => [r.name, r.sum]));
}

/** The checksums of every derived table: equal results mean equal derived rows. */
export function derivedChecksums(db: Database): Promise<TableChecksums> {
  return checksumsOf(db, DERIVED_TABLE_NAMES);
}

async function checksumsOf(db: Database, names: readonly string[]): Promise<TableChecksums> {
  const parts = names.map(
    (name) =>
      sql`select ${name}::text as name, count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from ${sql.identifier(name)} x`,
  );
  const result = await db.execute<{ name: string; sum: string }>(sql.join(parts, sql` union all `));
  return Object.fromEntries(result.rows.map((r) => [r.name, r.sum]));
}

/** The tables whose checksum (or change marks) differ between two snapshots. */
export function changedTables(before: TableChecksums | ChangeMarks, after: TableChecksums | ChangeMarks): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
