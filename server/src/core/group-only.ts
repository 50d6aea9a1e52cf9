// Group-only units (docs/PRIVACY.md 'Group-only units'): the people whose home location lies in a
// group-only unit are named in report answers only to themselves and to the provider's employees.
// Everyone else gets their figures under 'User', as the demo's staff are shown (core/names.ts).

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'names-shown': the route names people of group-only units to whoever may call it (contact
     * tracing: an outbreak needs the names; every read of it states its purpose and is audited).
     */
    groupOnly?: 'names-shown';
  }
}

/** The people a caller may not see named, by id and by the names a report answer holds. */
export interface MaskedPeople {
  ids: ReadonlySet<number>;
  /** Their one-line names ('First Last'). */
  fullNames: ReadonlySet<string>;
  /** Their first and last names, joined by a NUL. */
  pairs: ReadonlySet<string>;
}

export const NOBODY_MASKED: MaskedPeople = { ids: new Set(), fullNames: new Set(), pairs: new Set() };

const MASKED = 'User';

/** The masked people of a list of named rows. */
export function maskedPeopleOf(rows: readonly { id: number; firstName: string; lastName: string }[]): MaskedPeople {
  if (rows.length === 0) return NOBODY_MASKED;
  return {
    ids: new Set(rows.map((r) => r.id)),
    fullNames: new Set(rows.map((r) => `${r.firstName} ${r.lastName}`.trim())),
    pairs: new Set(rows.map((r) => `${r.firstName}\u0000${r.lastName}`)),
  };
}

const NAME_KEYS = new Set(['name', 'userName', 'fullName']);

/**
 * A copy of a report answer with every name of a masked person replaced by 'User': a text that is
 * their one-line name, a firstName and lastName pair of theirs, and the name beside their userId.
 * The answer itself is left as it was (the answer cache may hold it).
 */
export function maskPeople<T>(value: T, people: MaskedPeople): T {
  if (people.ids.size === 0) return value;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return people.fullNames.has(v) ? MASKED : v;
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object' || v instanceof Date) return v;
    const o = v as Record<string, unknown>;
    const pair = typeof o.firstName === 'string' && typeof o.lastName === 'string' && people.pairs.has(`${o.firstName}\u0000${o.lastName}`);
    const byId = typeof o.userId === 'number' && people.ids.has(o.userId);
    const out: Record<string, unknown> = {};
    for (const [key, x] of Object.entries(o)) {
      if (pair && key === 'firstName') out[key] = MASKED;
      else if (pair && key === 'lastName') out[key] = '';
      else if (byId && NAME_KEYS.has(key) && typeof x === 'string') out[key] = MASKED;
      else out[key] = walk(x);
    }
    return out;
  };
  return walk(value) as T;
}

const FIRST = /^first_?name$/i;
const LAST = /^last_?name$/i;

/**
 * A data export's rows with every name of a masked person replaced as in maskPeople: a cell that is
 * their one-line name, and the first_name and last_name cells of a row that holds theirs.
 */
export function maskRows(columns: readonly string[], rows: readonly (readonly unknown[])[], people: MaskedPeople): unknown[][] {
  if (people.ids.size === 0) return rows.map((row) => [...row]);
  const first = columns.findIndex((c) => FIRST.test(c));
  const last = columns.findIndex((c) => LAST.test(c));
  return rows.map((row) => {
    const pair = first >= 0 && last >= 0 && people.pairs.has(`${String(row[first])}\u0000${String(row[last])}`);
    return row.map((cell, i) => {
      if (pair && i === first) return MASKED;
      if (pair && i === last) return '';
      return typeof cell === 'string' && people.fullNames.has(cell) ? MASKED : cell;
    });
  });
}
