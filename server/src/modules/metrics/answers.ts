import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ReportFilter } from './filters';

// The answer cache (ARCHITECTURE.md 'Scale', Answer cache): a report's answer is kept per endpoint
// and resolved filter (the caller's scope already applied, so two callers share an answer only
// when they may read the same rows) and stays valid while the derived rows of its days and the
// directory it names people and places from are unchanged. What was read is told by two counters
// in the database, read before the answer is computed: the sum of `derived_day_versions` over the
// answer's days and `directory_version`. A rewrite that commits while an answer is computed makes
// that answer's counters old, so it is computed again at the next call, never kept stale; and every
// instance of the API sees the counters another instance's derivation moved.

/** UTC days, both included. */
export interface DaySpan {
  start: string;
  end: string;
}

export interface AnswerCacheOptions {
  /** Answers kept at most (least recently used go first); 0 keeps none. */
  maxEntries?: number;
  /** Characters of JSON kept at most, all answers together. */
  maxChars?: number;
}

export interface AnswerCacheStats {
  hits: number;
  misses: number;
  entries: number;
  chars: number;
}

export interface AnswerCache {
  /**
   * The answer `compute` gives for `name` and `key` over `days`: the kept one while nothing it
   * read has changed, else computed now and kept. `key` must hold everything the answer depends
   * on besides the derived rows of `days` and the directory.
   */
  get<T>(name: string, key: unknown, days: DaySpan, compute: () => Promise<T>): Promise<T>;
  stats(): AnswerCacheStats;
}

interface Entry {
  versions: string;
  value: unknown;
  chars: number;
}

export const DEFAULT_ANSWER_CACHE_ENTRIES = 2_000;
const DEFAULT_MAX_CHARS = 50_000_000;

/** The days a report filter's figures read: its range, and the previous one its changes compare with. */
export function filterDays(filter: ReportFilter): DaySpan {
  return { start: filter.previous?.start ?? filter.range.start, end: filter.range.end };
}

/** The days of a report filter's own range: for figures that do not compare with the previous range. */
export function rangeDays(filter: ReportFilter): DaySpan {
  return { start: filter.range.start, end: filter.range.end };
}

/** What the answers of `days` were computed from, as one string. */
async function versionsOf(db: Database, days: DaySpan): Promise<string> {
  const result = await db.execute<{ days: string | null; directory: string | null }>(sql`
    select (select sum(version) from derived_day_versions where day between ${days.start}::date and ${days.end}::date)::text as days,
           (select version from directory_version where id = 1)::text as directory`);
  const row = result.rows[0];
  return `${row?.days ?? 0}/${row?.directory ?? 0}`;
}

export function createAnswerCache(db: Database, opts: AnswerCacheOptions = {}): AnswerCache {
  const maxEntries = opts.maxEntries ?? DEFAULT_ANSWER_CACHE_ENTRIES;
  const maxChars = opts.maxChars ?? DEFAULT_MAX_CHARS;
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Entry>();
  // Answers being computed, by the same id.
  const pending = new Map<string, { versions: string; value: Promise<unknown> }>();
  let chars = 0;
  let hits = 0;
  let misses = 0;

  const drop = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return;
    entries.delete(id);
    chars -= entry.chars;
  };

  const keep = (id: string, versions: string, value: unknown) => {
    const size = JSON.stringify(value)?.length ?? 0;
    if (size > maxChars) return;
    drop(id);
    entries.set(id, { versions, value, chars: size });
    chars += size;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && chars <= maxChars) break;
      drop(oldest);
    }
  };

  return {
    async get<T>(name: string, key: unknown, days: DaySpan, compute: () => Promise<T>): Promise<T> {
      if (maxEntries <= 0) return compute();
      const id = createHash('sha256').update(JSON.stringify([name, days, key])).digest('base64url');
      const versions = await versionsOf(db, days);
      const kept = entries.get(id);
      if (kept && kept.versions === versions) {
        hits++;
        entries.delete(id);
        entries.set(id, kept);
        return kept.value as T;
      }
      // The same question asked again while it is being computed (a page's sections that share
      // an answer load side by side) waits for that computation.
      const running = pending.get(id);
      if (running && running.versions === versions) {
        hits++;
        return running.value as Promise<T>;
      }
      misses++;
      drop(id);
      const value = compute();
      pending.set(id, { versions, value });
      try {
        keep(id, versions, await value);
      } finally {
        if (pending.get(id)?.value === value) pending.delete(id);
      }
      return value;
    },
    stats: () => ({ hits, misses, entries: entries.size, chars }),
  };
}

/**
 * Counts a rewrite of the derived rows of every UTC day the spans touch (inside the derivation's
 * transaction, after its writes): the answers of those days are computed again at their next call.
 */
export async function countDerivedDays(db: Database, spans: readonly { from: Date; to: Date }[]): Promise<void> {
  if (spans.length === 0) return;
  const DAY_MS = 86_400_000;
  const dayOf = (d: Date) => Math.floor(d.getTime() / DAY_MS);
  // Whole days, overlapping or adjacent ones merged: a backlog's thousands of windows are a few spans.
  const byStart = spans.map((s) => [dayOf(s.from), dayOf(s.to)] as [number, number]).sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [a, b] of byStart) {
    const last = merged[merged.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else merged.push([a, b]);
  }
  const iso = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
  const param = JSON.stringify(merged.map(([a, b]) => ({ a: iso(a), b: iso(b) })));
  await db.execute(sql`
    insert into derived_day_versions (day, version)
    select distinct generate_series(r.a, r.b, interval '1 day')::date, 1
    from jsonb_to_recordset(${param}::jsonb) as r(a date, b date)
    on conflict (day) do update set version = derived_day_versions.version + 1`);
}
