import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** Rows per statement: one JSON parameter each, well under any parameter or packet limit. */
const CHUNK = 5000;

/**
 * Inserts many rows of a table in few statements: each chunk is one JSON parameter unpacked by
 * json_populate_recordset into the table's own row type. Works the same on PostgreSQL and PGlite,
 * and is several times faster than a multi-row VALUES list. `rows` use the TypeScript column keys.
 */
export async function bulkInsert<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
  opts: { onConflictDoNothing?: boolean; returning?: keyof T['$inferSelect'] } = {},
): Promise<unknown[]> {
  if (rows.length === 0) return [];
  const config = getTableConfig(table);
  const byKey = new Map(Object.entries(table).filter(([, c]) => config.columns.includes(c as never)) as [string, { name: string }][]);
  const keys = Object.keys(rows[0] as object).filter((k) => byKey.has(k));
  const names = keys.map((k) => (byKey.get(k) as { name: string }).name);
  const columnList = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const tableName = sql.raw(`"${config.name}"`);
  const returningName = opts.returning ? (byKey.get(String(opts.returning)) as { name: string }).name : null;
  const out: unknown[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK).map((row) => {
      const record: Record<string, unknown> = {};
      keys.forEach((k, j) => {
        record[names[j] as string] = (row as Record<string, unknown>)[k];
      });
      return record;
    });
    const result = await db.execute<Record<string, unknown>>(sql`
      insert into ${tableName} (${columnList})
      select ${columnList} from json_populate_recordset(null::${tableName}, ${JSON.stringify(chunk)}::json)
      ${opts.onConflictDoNothing ? sql`on conflict do nothing` : sql``}
      ${returningName ? sql`returning ${sql.raw(`"${returningName}"`)} as value` : sql``}`);
    if (returningName) out.push(...result.rows.map((r) => r.value));
  }
  return out;
}
