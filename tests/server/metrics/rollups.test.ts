import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/src/db/client';
import { ingestEvents } from '../../../server/src/modules/ingest/ingest.service';
import { deriveAll } from '../../../server/src/modules/metrics/derive';
import { complianceRows, hygieneRows, splitWeeks } from '../../../server/src/modules/metrics/rollups';
import { generateEvents } from '../../../server/src/simulator/generate';
import { loadWorld } from '../../../server/src/simulator/world';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';
import { DAY, HOUR, T0 } from '../simulator/world';

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);

describe('splitWeeks', () => {
  it('covers every day of a range exactly once: whole Monday-to-Sunday weeks, the rest as days', () => {
    const anyDay = fc.integer({ min: ms('2020-01-01') / DAY, max: ms('2030-12-31') / DAY });
    fc.assert(
      fc.property(anyDay, fc.integer({ min: 0, max: 400 }), (first, length) => {
        const range = { start: iso(first * DAY), end: iso((first + length) * DAY) };
        const split = splitWeeks(range);
        const covered: string[] = [];
        if (split.weeks) {
          expect(new Date(ms(split.weeks.first)).getUTCDay()).toBe(1);
          expect(new Date(ms(split.weeks.last)).getUTCDay()).toBe(1);
          for (let d = ms(split.weeks.first); d < ms(split.weeks.last) + 7 * DAY; d += DAY) covered.push(iso(d));
        }
        expect(split.days.length).toBeLessThanOrEqual(2);
        for (const span of split.days) {
          // Fewer than 7 days at an edge, unless the range holds no whole week at all.
          if (split.weeks) expect((ms(span.end) - ms(span.start)) / DAY).toBeLessThan(6);
          for (let d = ms(span.start); d <= ms(span.end); d += DAY) covered.push(iso(d));
        }
        const expected = Array.from({ length: length + 1 }, (_, i) => iso((first + i) * DAY));
        expect(covered.sort()).toEqual(expected);
      }),
    );
  });

  it('reads a range of whole weeks from the weekly rows alone', () => {
    // 2026-11-02 is a Monday.
    expect(splitWeeks({ start: '2026-11-02', end: '2026-11-15' })).toEqual({ weeks: { first: '2026-11-02', last: '2026-11-09' }, days: [] });
    expect(splitWeeks({ start: '2026-11-01', end: '2026-11-16' })).toEqual({
      weeks: { first: '2026-11-02', last: '2026-11-09' },
      days: [{ start: '2026-11-01', end: '2026-11-01' }, { start: '2026-11-16', end: '2026-11-16' }],
    });
    expect(splitWeeks({ start: '2026-11-03', end: '2026-11-09' })).toEqual({ weeks: null, days: [{ start: '2026-11-03', end: '2026-11-09' }] });
  });
});

describe('weekly rollups', () => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
  });
  afterAll(() => database.close());

  const weeklyFromDaily = {
    compliance: sql`
      select date_trunc('week', day)::date::text as week, user_id, group_id, sum(entry_opportunities)::int as eo, sum(entry_compliant)::int as ec,
             sum(exit_opportunities)::int as xo, sum(exit_compliant)::int as xc, sum(visit_count)::int as vc, sum(visit_seconds)::int as vs
      from compliance_daily group by 1, 2, 3 order by 1, 2, 3`,
    hygiene: sql`
      select date_trunc('week', day)::date::text as week, user_id, group_id, wash_type, sum(wash_count)::int as n,
             round(sum(duration_sum::float8)::numeric, 3)::text as ds, sum(duration_count)::int as dc
      from hygiene_daily group by 1, 2, 3, 4 order by 1, 2, 3, 4`,
  };
  const weeklyStored = {
    compliance: sql`
      select week::text as week, user_id, group_id, entry_opportunities as eo, entry_compliant as ec, exit_opportunities as xo,
             exit_compliant as xc, visit_count as vc, visit_seconds as vs
      from compliance_weekly order by 1, 2, 3`,
    hygiene: sql`
      select week::text as week, user_id, group_id, wash_type, wash_count as n, round(duration_sum::numeric, 3)::text as ds, duration_count as dc
      from hygiene_weekly order by 1, 2, 3, 4`,
  };
  const rows = async (query: SQL) => (await db.execute(query)).rows;

  /** A range's per-user, per-location sums read through the rollups and straight from the daily rows. */
  const sums = async (start: string, end: string) => {
    const range = { start, end };
    const compliance = (from: SQL) => sql`
      select user_id, group_id, sum(entry_opportunities + exit_opportunities)::int as opp, sum(entry_compliant + exit_compliant)::int as comp,
             sum(visit_count)::int as vc from (${from}) c group by 1, 2 order by 1, 2`;
    const hygiene = (from: SQL) => sql`
      select user_id, group_id, wash_type, sum(wash_count)::int as n, round(sum(duration_sum)::numeric, 3)::text as ds, sum(duration_count)::int as dc
      from (${from}) h group by 1, 2, 3 order by 1, 2, 3`;
    const dailyCompliance = sql`select * from compliance_daily where day between ${start}::date and ${end}::date`;
    const dailyHygiene = sql`select user_id, group_id, wash_type, wash_count, duration_sum::float8 as duration_sum, duration_count
                             from hygiene_daily where day between ${start}::date and ${end}::date`;
    return {
      rollups: [await rows(compliance(complianceRows(range))), await rows(hygiene(hygieneRows(range)))],
      daily: [await rows(compliance(dailyCompliance)), await rows(hygiene(dailyHygiene))],
    };
  };

  it('equal the daily rows summed per week when days arrive out of order, after a rebuild and after the migration', async () => {
    const world = await loadWorld(db);
    // Mornings of days over three weeks (T0 is a Monday), the later ones stored first.
    const days = [-8, -6, -1, 0, 3, 6, 7, 11, 13];
    const batches = days.map((d) =>
      generateEvents(world, { from: T0 + d * DAY + 7 * HOUR, to: T0 + d * DAY + 10 * HOUR }).map((e) => e.event),
    );
    for (const i of [4, 8, 2, 6, 0, 7, 1, 5, 3]) await ingestEvents(db, batches[i] ?? []);

    const fromDaily = [await rows(weeklyFromDaily.compliance), await rows(weeklyFromDaily.hygiene)];
    expect(fromDaily[0]?.length).toBeGreaterThan(50);
    expect(new Set(fromDaily[0]?.map((r) => r.week)).size).toBe(4);
    expect([await rows(weeklyStored.compliance), await rows(weeklyStored.hygiene)]).toEqual(fromDaily);

    // Whole weeks only, weeks with edge days on both sides, no whole week, one day.
    for (const [start, end] of [
      [iso(T0 - 7 * DAY), iso(T0 + 13 * DAY)],
      [iso(T0 - 8 * DAY), iso(T0 + 11 * DAY)],
      [iso(T0 - 1 * DAY), iso(T0 + 5 * DAY)],
      [iso(T0 + 3 * DAY), iso(T0 + 3 * DAY)],
    ] as const) {
      const { rollups, daily } = await sums(start, end);
      expect(daily[0]?.length, `${start}..${end}`).toBeGreaterThan(0);
      expect(rollups, `${start}..${end}`).toEqual(daily);
    }

    await db.execute(sql`delete from compliance_weekly`);
    await db.execute(sql`delete from hygiene_weekly`);
    await deriveAll(db);
    expect([await rows(weeklyStored.compliance), await rows(weeklyStored.hygiene)]).toEqual(fromDaily);

    // An installation with daily rows from before the weekly tables gets them filled by its migration.
    const migration = await readFile(path.join(import.meta.dirname, '../../../server/drizzle/0013_weekly_rollups.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').slice(-2);
    expect(backfill.join('')).toMatch(/INSERT INTO "compliance_weekly"[\s\S]*INSERT INTO "hygiene_weekly"/);
    await db.execute(sql`delete from compliance_weekly`);
    await db.execute(sql`delete from hygiene_weekly`);
    for (const statement of backfill) await db.execute(sql.raw(statement));
    expect([await rows(weeklyStored.compliance), await rows(weeklyStored.hygiene)]).toEqual(fromDaily);
  });
});
