import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// Small SQL and row helpers every repository uses.

/** `expr IN (ids)`, false for an empty list. */
export function idIn(expr: SQL | AnyPgColumn, ids: readonly number[]): SQL {
  if (ids.length === 0) return sql`false`;
  return sql`${expr} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * A MAC column containing `text`, any case, written with or without its colons: 'aa:bb', 'AABB'
 * and 'aa-bb' all find AA:BB:…. A text without a hex digit or letter only matches as written.
 */
export function macContaining(column: SQL | AnyPgColumn, text: string): SQL {
  const bare = text.replace(/[^0-9a-z]/gi, '');
  const written = sql`${column} ilike ${containing(text)}`;
  return bare ? sql`(${written} or replace(${column}, ':', '') ilike ${containing(bare)})` : written;
}

/** A timestamp column's value (a Date, or text from a raw query) as ISO 8601. */
export const iso = (value: string | Date) => new Date(value).toISOString();
export const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

/** The words of a search box, each to be matched on its own. */
export const searchWords = (search: string | undefined) => (search ?? '').split(/\s+/).filter((w) => w !== '');
