import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/src/db/client';
import { ingestEvents } from '../../../server/src/modules/ingest/ingest.service';
import { deriveAll } from '../../../server/src/modules/metrics/derive';
import { complianceByDay, eventTypeBreakdown, washesByDay, washTypeBreakdown } from '../../../server/src/modules/metrics/compliance.repo';
import { dayRange, daysOf, type ReportFilter } from '../../../server/src/modules/metrics/filters';
import { complianceRows, hygieneRows, splitWeeks } from '../../../server/src/modules/metrics/rollups';
import { generateEvents } from '../../../server/src/simulator/generate';
import { loadWorld } from '../../../server/src/simulator/world';
import { createFleet, eventsFor } from '../helpers/fleet';
import { ST_MARYS, staffOf } from '../helpers/staff';
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

  const locationsFromDaily = {
    split: sql`select day::text as day, user_id from compliance_daily group by 1, 2 having count(*) > 1 order by 1, 2`,
    compliance: sql`
      select c.day::text as day, c.group_id, sum(c.entry_opportunities)::int as eo, sum(c.entry_compliant)::int as ec,
             sum(c.exit_opportunities)::int as xo, sum(c.exit_compliant)::int as xc, sum(c.visit_count)::int as vc,
             sum(c.visit_seconds)::int as vs, count(*) filter (where (select count(*) from compliance_daily o where o.day = c.day and o.user_id = c.user_id) = 1)::int as ru
      from compliance_daily c group by 1, 2 order by 1, 2`,
    hygiene: sql`
      select day::text as day, group_id, wash_type, sum(wash_count)::int as n, round(sum(duration_sum::float8)::numeric, 3)::text as ds,
             sum(duration_count)::int as dc
      from hygiene_daily group by 1, 2, 3 order by 1, 2, 3`,
  };
  const locationsStored = {
    split: sql`select day::text as day, user_id from compliance_split_days order by 1, 2`,
    compliance: sql`
      select day::text as day, group_id, entry_opportunities as eo, entry_compliant as ec, exit_opportunities as xo, exit_compliant as xc,
             visit_count as vc, visit_seconds as vs, ratio_users as ru
      from compliance_location_daily order by 1, 2`,
    hygiene: sql`
      select day::text as day, group_id, wash_type, wash_count as n, round(duration_sum::numeric, 3)::text as ds, duration_count as dc
      from hygiene_location_daily order by 1, 2, 3`,
  };
  const all = async (q: typeof locationsStored) => [await rows(q.split), await rows(q.compliance), await rows(q.hygiene)];

  it('equal the daily rows summed per week and per location when days arrive out of order, after a rebuild and after the migration', async () => {
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
    expect(await all(locationsStored)).toEqual(await all(locationsFromDaily));

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

  it('sum every wearer per location and day, and answer a location view as the wearers\' own rows do', async () => {
    // One wearer works in two units on one day, compliant in the first only: a split day.
    const [nurse] = (await staffOf(db, ST_MARYS)).filter((s) => s.organizationId === 5);
    if (!nurse) throw new Error('an ICU nurse expected');
    const icu = await createFleet(db, 6, [nurse.id]);
    const other = await createFleet(db, 7, [nurse.id]);
    const day = iso(T0 + 3 * DAY);
    const [i, o] = [eventsFor(icu), eventsFor(other)];
    await ingestEvents(db, [
      i.dispense(nurse.id, `${day}T07:59:50Z`), ...i.visit(nurse.id, `${day}T08:00:00Z`, `${day}T08:10:00Z`), i.dispense(nurse.id, `${day}T08:10:10Z`),
      ...o.visit(nurse.id, `${day}T09:00:00Z`, `${day}T09:10:00Z`), o.wash(nurse.id, `${day}T11:00:00Z`, 'SOAP', 20),
    ]);
    expect(await rows(locationsStored.split)).toContainEqual({ day, user_id: nurse.id });
    expect(await all(locationsStored)).toEqual(await all(locationsFromDaily));

    // The location rollups answer as the wearers' rows, read when a wearer condition applies.
    const everyOrganization = (await rows(sql`select id from organizations`)).map((r) => Number(r.id));
    const seen = (await rows(sql`select distinct group_id from compliance_daily order by 1`)).map((r) => Number(r.group_id));
    const rounded = (value: unknown) => JSON.parse(JSON.stringify(value), (_, v) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1e9) / 1e9 : v));
    for (const groupIds of [[6], [7], [6, 7], seen]) {
      for (const range of [dayRange(day, day), dayRange(iso(T0 - 8 * DAY), iso(T0 + 13 * DAY))]) {
        const filter: ReportFilter = { range, previous: null, view: 'loc', groupIds, organizationIds: null, professionCode: null, selections: [] };
        const days = daysOf(range);
        const byLocation = [
          await complianceByDay(db, filter, range, days),
          await eventTypeBreakdown(db, filter, range),
          await washTypeBreakdown(db, filter, range),
          await washesByDay(db, filter, range, days),
        ];
        // Every organization: the same wearers, through the wearers' rows.
        const wearers = { ...filter, organizationFilter: everyOrganization };
        const byWearer = [
          await complianceByDay(db, wearers, range, days),
          await eventTypeBreakdown(db, wearers, range),
          await washTypeBreakdown(db, wearers, range),
          await washesByDay(db, wearers, range, days),
        ];
        expect(rounded(byLocation), `${groupIds.join(',')} ${range.start}..${range.end}`).toEqual(rounded(byWearer));
      }
    }
    const icuDay = await complianceByDay(db, { range: dayRange(day, day), previous: null, view: 'loc', groupIds: [6, 7], organizationIds: null, professionCode: null, selections: [] }, dayRange(day, day), [day]);
    expect(icuDay[0]?.opportunities).toBeGreaterThanOrEqual(4);

    // A rebuild and the migration's backfill give the same rows.
    const stored = await all(locationsStored);
    for (const table of ['compliance_split_days', 'compliance_location_daily', 'hygiene_location_daily']) await db.execute(sql`delete from ${sql.identifier(table)}`);
    await deriveAll(db);
    expect(await all(locationsStored)).toEqual(stored);
    const migration = await readFile(path.join(import.meta.dirname, '../../../server/drizzle/0014_location_rollups.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').slice(-3);
    expect(backfill.join('')).toMatch(/INSERT INTO "compliance_split_days"[\s\S]*INSERT INTO "compliance_location_daily"[\s\S]*INSERT INTO "hygiene_location_daily"/);
    for (const table of ['compliance_split_days', 'compliance_location_daily', 'hygiene_location_daily']) await db.execute(sql`delete from ${sql.identifier(table)}`);
    for (const statement of backfill) await db.execute(sql.raw(statement));
    expect(await all(locationsStored)).toEqual(stored);
  });
});
