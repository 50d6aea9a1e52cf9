import { sql, type SQL } from 'drizzle-orm';

// Work windows of the derivations: an id (a wearer or a dispenser) and a span of time, passed to
// SQL as one JSON text value (both drivers send it alike) and unpacked there into rows.

export interface IdWindow {
  id: number;
  from: Date;
  to: Date;
}

/** The windows as the JSON parameter `jsonb_to_recordset` unpacks into (id, a, b). */
export function windowsParam(rows: readonly IdWindow[]): string {
  return JSON.stringify(rows.map((r) => ({ id: r.id, a: r.from.toISOString(), b: r.to.toISOString() })));
}

/** Wearer windows as a relation (user_id, a, b). */
export function userWindows(rows: readonly IdWindow[]): SQL {
  return sql`select id as user_id, a, b from jsonb_to_recordset(${windowsParam(rows)}::jsonb) as r(id int, a timestamptz, b timestamptz)`;
}

/** One window per id, spanning all of that id's windows. */
export function mergeWindows<T extends { from: Date; to: Date }>(rows: readonly T[], key: (row: T) => number): IdWindow[] {
  const out = new Map<number, IdWindow>();
  for (const row of rows) {
    const id = key(row);
    const seen = out.get(id);
    if (!seen) out.set(id, { id, from: row.from, to: row.to });
    else {
      if (row.from < seen.from) seen.from = row.from;
      if (row.to > seen.to) seen.to = row.to;
    }
  }
  return [...out.values()];
}
