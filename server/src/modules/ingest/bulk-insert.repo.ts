import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';

// Many rows in one statement: each column travels as one array parameter (PostgreSQL's array
// text form, built here) and `unnest` turns the arrays back into rows. Both drivers send a text
// parameter alike, so the same statement runs on PostgreSQL and PGlite; the server parses arrays
// faster than a JSON document of records, and the statement stays one plan whatever the row count.

/** Rows per statement: a handful of array parameters, well under any parameter or packet limit. */
const CHUNK = 10_000;

/** Array types of the column types whose name is no array type of its own. */
const ELEMENT_TYPE: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };

const NEEDS_ESCAPE = /[\\"]/;
const ESCAPED = /[\\"]/g;

/** Text as a quoted element, `\` before `"` and `\`. */
const quoted = (text: string) => `"${NEEDS_ESCAPE.test(text) ? text.replace(ESCAPED, '\\$&') : text}"`;

/**
 * One element of an array's text form: NULL, a number as it is, anything else quoted (an ISO
 * instant for a date, JSON for an object). Called for every value of a batch, so cheap cases first.
 */
function element(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return quoted(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : `"${value}"`;
    case 'undefined':
      return 'NULL';
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    default:
      if (value === null) return 'NULL';
      if (value instanceof Date) return `"${value.toISOString()}"`;
      return quoted(JSON.stringify(value));
  }
}

/**
 * The array text form of `values` (`{"a","b",NULL}`), one bound parameter: the values are never
 * part of the SQL text. Dates go as ISO instants, so the column type decides how they are read.
 */
export function arrayText(values: readonly unknown[]): string {
  return `{${values.map(element).join(',')}}`;
}

/** The SQL array type of a column of the schema (a constant of the schema, never user data). */
function arrayType(column: PgColumn): SQL {
  const type = column.getSQLType();
  const base = ELEMENT_TYPE[type] ?? (column.enumValues && column.columnType === 'PgEnumColumn' ? `"${type}"` : type);
  return sql.raw(`${base}[]`);
}

/** A table's columns by their TypeScript key. */
function columnsOf(table: PgTable): Map<string, PgColumn> {
  const config = getTableConfig(table);
  return new Map(Object.entries(table).filter(([, c]) => config.columns.includes(c as never)) as [string, PgColumn][]);
}

/**
 * `unnest(...) as <alias>(<columns>)`: the rows as a relation with the named columns, each of the
 * type given. `columns` maps a column name (a constant of the code) to its SQL type and values.
 */
export function unnestRows(alias: string, columns: readonly { name: string; type: SQL; values: readonly unknown[] }[]): SQL {
  const arrays = sql.join(
    columns.map((c) => sql`${arrayText(c.values)}::${c.type}`),
    sql`, `,
  );
  return sql`unnest(${arrays}) as ${sql.raw(`"${alias}"`)}(${sql.raw(columns.map((c) => `"${c.name}"`).join(', '))})`;
}

export interface InsertOptions<T extends PgTable> {
  onConflictDoNothing?: boolean;
  returning?: keyof T['$inferSelect'];
}

/**
 * One INSERT of `rows` (TypeScript column keys; the keys of the first row decide the columns, a
 * missing value is NULL), or null when there are none. Several can run as one statement (`inOne`).
 */
export function insertRows<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][], opts: InsertOptions<T> = {}): SQL | null {
  if (rows.length === 0) return null;
  const byKey = columnsOf(table);
  const keys = Object.keys(rows[0] as object).filter((k) => byKey.has(k));
  const columns = keys.map((k) => {
    const column = byKey.get(k) as PgColumn;
    return { name: column.name, type: arrayType(column), values: rows.map((row) => (row as Record<string, unknown>)[k]) };
  });
  const names = sql.raw(columns.map((c) => `"${c.name}"`).join(', '));
  const returning = opts.returning ? (byKey.get(String(opts.returning)) as PgColumn).name : null;
  return sql`
    insert into ${sql.raw(`"${getTableConfig(table).name}"`)} (${names})
    select ${names} from ${unnestRows('x', columns)}
    ${opts.onConflictDoNothing ? sql`on conflict do nothing` : sql``}
    ${returning ? sql`returning ${sql.raw(`"${returning}"`)} as value` : sql``}`;
}

/**
 * Inserts many rows of a table in few statements (CHUNK rows each). `rows` use the TypeScript
 * column keys; with `returning`, the chosen column of every inserted row comes back.
 */
export async function bulkInsert<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
  opts: InsertOptions<T> = {},
): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    const statement = insertRows(table, rows.slice(i, i + CHUNK), opts) as SQL;
    const result = await db.execute<{ value: unknown }>(statement);
    if (opts.returning) out.push(...result.rows.map((r) => r.value));
  }
  return out;
}

/**
 * Runs data-changing statements (INSERT, UPDATE or DELETE without RETURNING) as one statement,
 * each a WITH clause: one round trip and one plan. They all see the database as it was before
 * the statement, so none may depend on another's changes, and no two may change the same row. Nulls are left out; nothing runs when
 * none is left.
 */
export async function inOne(db: Database, statements: readonly (SQL | null)[]): Promise<void> {
  const present = statements.filter((s): s is SQL => s !== null);
  if (present.length === 0) return;
  if (present.length === 1) {
    await db.execute(present[0] as SQL);
    return;
  }
  const parts = present.map((s, i) => sql`${sql.raw(`s${i}`)} as (${s})`);
  await db.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
}
