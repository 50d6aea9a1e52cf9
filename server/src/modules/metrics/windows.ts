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

const HOUR_MS = 3_600_000;

/**
 * How far apart two spans of one wearer may lie and still be derived as one. The derivation
 * widens a wearer's span by 13 hours before it and an hour after it (a visit lasts at most 12
 * hours, a compliance window at most one), so spans closer than this share most of their work.
 */
export const USER_GAP_MS = 14 * HOUR_MS;
/** The same for a dispenser, whose rollup is by whole UTC day. */
export const DISPENSER_GAP_MS = 24 * HOUR_MS;

/**
 * Windows to derive in rounds, each round at most one window per id (a derivation merges the
 * windows it is given per id): an id's windows that overlap or lie within `gapMs` of each other
 * become one window; the first such window of every id goes in the first round, the second in
 * the second, and so on. One batch, or batches close in time, need one round.
 */
export function rounds<T extends { from: Date; to: Date }>(windows: readonly T[], id: (w: T) => number, gapMs: number): T[][] {
  const byId = new Map<number, T[]>();
  for (const w of windows) {
    const list = byId.get(id(w));
    if (list) list.push(w);
    else byId.set(id(w), [w]);
  }
  const out: T[][] = [];
  for (const list of byId.values()) {
    list.sort((a, b) => a.from.getTime() - b.from.getTime());
    const merged: T[] = [];
    for (const w of list) {
      const last = merged[merged.length - 1];
      if (last && w.from.getTime() - last.to.getTime() <= gapMs) {
        if (w.to > last.to) merged[merged.length - 1] = { ...last, to: w.to };
      } else merged.push({ ...w });
    }
    merged.forEach((w, i) => (out[i] ??= []).push(w));
  }
  return out;
}
