import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/src/db/client';
import { arrayText, bulkInsert, inOne, insertRows } from '../../../../server/src/modules/ingest/bulk-insert.repo';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db';

const sample = pgTable('bulk_sample', {
  key: text('key').primaryKey(),
  label: text('label'),
  count: integer('count'),
  ratio: real('ratio'),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  flag: boolean('flag'),
  extra: jsonb('extra'),
  note: text('note').notNull().default('none'),
});
type Row = typeof sample.$inferInsert;

// Text the array form must carry through untouched: its own syntax, quotes, backslashes, unicode.
const AWKWARD = ['', ' padded ', 'NULL', 'null', '{a,b}', 'a,b', '"quoted"', "it's", 'back\\slash', '\\"', 'tab\there', 'new\nline', 'café ☕ 日本', '🧼🧴', '}{', ')'];

describe('bulk inserts through unnest', () => {
  let database: TestDatabase;
  let db: Database;
  const stored = async () =>
    (
      await db.execute<{ key: string; label: string | null; count: number | null; ratio: number | null; at: string | null; flag: boolean | null; extra: unknown; note: string }>(
        sql`select key, label, count, ratio, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, flag, extra, note from bulk_sample order by key`,
      )
    ).rows;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
    db = database.handle.db;
    await db.execute(sql`
      create table bulk_sample (key text primary key, label text, count integer, ratio real, at timestamptz,
                                flag boolean, extra jsonb, note text not null default 'none')`);
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await db.execute(sql`delete from bulk_sample`);
  });

  it('writes the array text form: NULLs, numbers and booleans bare, everything else quoted', () => {
    expect(arrayText([])).toBe('{}');
    expect(arrayText([null, undefined, 1, -2.5, 'a"b', 'c\\d', '', true, new Date('2025-01-02T03:04:05.006Z'), { k: 'v' }])).toBe(
      '{NULL,NULL,1,-2.5,"a\\"b","c\\\\d","",t,"2025-01-02T03:04:05.006Z","{\\"k\\":\\"v\\"}"}',
    );
  });

  it('stores nothing for no rows, and one row alone', async () => {
    expect(await bulkInsert(db, sample, [])).toEqual([]);
    expect(insertRows(sample, [])).toBeNull();
    await bulkInsert(db, sample, [{ key: 'only', label: 'one', count: 1, ratio: 0.5, at: new Date('2025-03-01T00:00:00Z'), flag: true, extra: { a: 1 } }]);
    expect(await stored()).toEqual([{ key: 'only', label: 'one', count: 1, ratio: 0.5, at: '2025-03-01T00:00:00.000Z', flag: true, extra: { a: 1 }, note: 'none' }]);
  });

  it('keeps awkward text, nulls, dates and numbers exactly', async () => {
    const rows: Row[] = AWKWARD.map((label, i) => ({
      key: `k${String(i).padStart(2, '0')}${label}`,
      label,
      count: i % 3 === 0 ? null : i - 5,
      ratio: i % 4 === 0 ? null : i / 4,
      at: i % 5 === 0 ? null : new Date(Date.UTC(2024, 1, 29, 23, 59, 59, i)),
      flag: i % 2 === 0 ? null : i % 3 === 0,
      extra: i % 2 === 0 ? null : { label, list: [i, null] },
    }));
    await bulkInsert(db, sample, rows);
    const back = await stored();
    expect(back).toHaveLength(AWKWARD.length);
    for (const row of rows) {
      const found = back.find((b) => b.key === row.key);
      expect(found, row.key).toEqual({
        key: row.key,
        label: row.label,
        count: row.count,
        ratio: row.ratio,
        at: row.at ? row.at.toISOString() : null,
        flag: row.flag,
        extra: row.extra,
        note: 'none',
      });
    }
  });

  it('stores many rows over several statements, ignores conflicts when asked and returns what went in', async () => {
    const rows = Array.from({ length: 12_345 }, (_, i): Row => ({ key: `m${i}`, count: i }));
    const returned = await bulkInsert(db, sample, rows, { returning: 'key' });
    expect(returned).toHaveLength(rows.length);
    const again = await bulkInsert(db, sample, [{ key: 'm7', count: -1 }, { key: 'fresh', count: -2 }], { onConflictDoNothing: true, returning: 'key' });
    expect(again).toEqual(['fresh']);
    const totals = await db.execute<{ n: number; s: string }>(sql`select count(*)::int as n, sum(count)::text as s from bulk_sample`);
    expect(totals.rows[0]).toEqual({ n: 12_346, s: String((12_344 * 12_345) / 2 - 2) });
    await expect(bulkInsert(db, sample, [{ key: 'm8' }])).rejects.toThrow();
  });

  it('runs several changes as one statement, all or none', async () => {
    await inOne(db, [insertRows(sample, [{ key: 'a', label: 'x' }]), null, insertRows(sample, [{ key: 'b' }, { key: 'c', label: null }])]);
    expect((await stored()).map((r) => [r.key, r.label])).toEqual([
      ['a', 'x'],
      ['b', null],
      ['c', null],
    ]);
    await expect(inOne(db, [insertRows(sample, [{ key: 'd' }]), insertRows(sample, [{ key: 'a' }])])).rejects.toThrow();
    expect((await stored()).map((r) => r.key)).toEqual(['a', 'b', 'c']);
    await inOne(db, [null]);
  });
});
