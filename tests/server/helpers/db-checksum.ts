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
  const tables = await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return checksumsOf(db, tables.rows.map((t) => t.name).filter((name) => !except.includes(name)));
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

/** The tables whose checksum differs between two snapshots. */
export function changedTables(before: TableChecksums, after: TableChecksums): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
