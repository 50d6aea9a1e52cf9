import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/src/db/client';
import { users } from '../../../server/src/db/schema';
import { countDerivedDays, createAnswerCache, filterDays, rangeDays } from '../../../server/src/modules/metrics/answers';
import type { ReportFilter } from '../../../server/src/modules/metrics/filters';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const APRIL = { start: '2025-04-01', end: '2025-04-30' };
const at = (iso: string) => new Date(iso);

/** An answer computed by counting its computations: each call answers the next number. */
function counter() {
  let n = 0;
  return { compute: async () => ({ n: ++n }), count: () => n };
}

describe('the answer cache', () => {
  let database: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
  });
  afterAll(() => database.close());

  it('answers a repeated question from what it kept, and apart by key and days', async () => {
    const answers = createAnswerCache(db);
    const c = counter();
    expect(await answers.get('overview', { groupIds: [6] }, APRIL, c.compute)).toEqual({ n: 1 });
    expect(await answers.get('overview', { groupIds: [6] }, APRIL, c.compute)).toEqual({ n: 1 });
    expect(await answers.get('overview', { groupIds: [7] }, APRIL, c.compute)).toEqual({ n: 2 });
    expect(await answers.get('trend', { groupIds: [6] }, APRIL, c.compute)).toEqual({ n: 3 });
    expect(await answers.get('overview', { groupIds: [6] }, { start: '2025-04-01', end: '2025-04-29' }, c.compute)).toEqual({ n: 4 });
    expect(answers.stats()).toMatchObject({ hits: 1, misses: 4, entries: 4 });
  });

  it('computes a question asked twice at once a single time, and a failure for both', async () => {
    const answers = createAnswerCache(db);
    const c = counter();
    const slow = async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return c.compute();
    };
    const both = await Promise.all([answers.get('wash-days', {}, APRIL, slow), answers.get('wash-days', {}, APRIL, slow)]);
    expect(both).toEqual([{ n: 1 }, { n: 1 }]);
    const failing = async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('statement timeout');
    };
    const failed = await Promise.allSettled([answers.get('other', {}, APRIL, failing), answers.get('other', {}, APRIL, failing)]);
    expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected']);
    expect(await answers.get('other', {}, APRIL, c.compute)).toEqual({ n: 2 });
  });

  it('computes again once the derivation rewrote a day of the answer, not for other days', async () => {
    const answers = createAnswerCache(db);
    const c = counter();
    await answers.get('overview', {}, APRIL, c.compute);
    await countDerivedDays(db, [{ from: at('2025-05-01T00:00:00Z'), to: at('2025-05-03T10:00:00Z') }]);
    await countDerivedDays(db, [{ from: at('2025-03-20T00:00:00Z'), to: at('2025-03-31T23:59:59Z') }]);
    expect(await answers.get('overview', {}, APRIL, c.compute)).toEqual({ n: 1 });
    // A span ending just after midnight touches the first of April.
    await countDerivedDays(db, [{ from: at('2025-03-31T22:00:00Z'), to: at('2025-04-01T00:00:01Z') }]);
    expect(await answers.get('overview', {}, APRIL, c.compute)).toEqual({ n: 2 });
    expect(await answers.get('overview', {}, APRIL, c.compute)).toEqual({ n: 2 });
    // The same day rewritten again, among many spans at once.
    await countDerivedDays(db, [
      { from: at('2025-04-30T23:00:00Z'), to: at('2025-04-30T23:30:00Z') },
      { from: at('2025-04-30T01:00:00Z'), to: at('2025-05-02T00:00:00Z') },
      { from: at('2025-06-01T00:00:00Z'), to: at('2025-06-01T01:00:00Z') },
    ]);
    expect(await answers.get('overview', {}, APRIL, c.compute)).toEqual({ n: 3 });
  });

  it('keys a comparing answer to both ranges, and the others to their own range only', async () => {
    const filter: ReportFilter = {
      range: { start: '2025-04-01', end: '2025-04-30', from: at('2025-04-01T00:00:00Z'), to: at('2025-05-01T00:00:00Z'), days: 30 },
      previous: { start: '2025-03-02', end: '2025-03-31', from: at('2025-03-02T00:00:00Z'), to: at('2025-04-01T00:00:00Z'), days: 30 },
      view: 'org',
      groupIds: [6],
      organizationIds: [5],
      professionCode: null,
      selections: [],
    };
    const answers = createAnswerCache(db);
    const overview = counter();
    const ranking = counter();
    await answers.get('overview-stats', {}, filterDays(filter), overview.compute);
    await answers.get('ranking', {}, rangeDays(filter), ranking.compute);
    // A late upload into the previous range changes the overview's changes, not the ranking.
    await countDerivedDays(db, [{ from: at('2025-03-10T08:00:00Z'), to: at('2025-03-10T09:00:00Z') }]);
    expect(await answers.get('overview-stats', {}, filterDays(filter), overview.compute)).toEqual({ n: 2 });
    expect(await answers.get('ranking', {}, rangeDays(filter), ranking.compute)).toEqual({ n: 1 });
  });

  it('sees a derivation that another instance committed: the counts are in the database', async () => {
    const mine = createAnswerCache(db);
    const c = counter();
    await mine.get('overview', {}, APRIL, c.compute);
    await db.transaction(async (tx) => {
      await countDerivedDays(tx as unknown as Database, [{ from: at('2025-04-10T08:00:00Z'), to: at('2025-04-10T09:00:00Z') }]);
    });
    expect(await mine.get('overview', {}, APRIL, c.compute)).toEqual({ n: 2 });
  });

  it('does not keep an answer as current when its days were rewritten while it was being computed', async () => {
    const answers = createAnswerCache(db);
    let n = 0;
    const racing = async () => {
      n++;
      if (n === 1) await countDerivedDays(db, [{ from: at('2025-04-15T12:00:00Z'), to: at('2025-04-15T13:00:00Z') }]);
      return { n };
    };
    expect(await answers.get('overview', {}, APRIL, racing)).toEqual({ n: 1 });
    expect(await answers.get('overview', {}, APRIL, racing)).toEqual({ n: 2 });
    expect(await answers.get('overview', {}, APRIL, racing)).toEqual({ n: 2 });
  });

  it('computes again after any write to the people or places reports name', async () => {
    const answers = createAnswerCache(db);
    const c = counter();
    await answers.get('ranking', {}, APRIL, c.compute);
    const [user] = await db.select().from(users).limit(1);
    if (!user) throw new Error('no user');
    await db.update(users).set({ firstName: `${user.firstName}` }).where(eq(users.id, user.id));
    expect(await answers.get('ranking', {}, APRIL, c.compute)).toEqual({ n: 2 });
    await db.execute(sql`update organizations set name = name where id = 2`);
    expect(await answers.get('ranking', {}, APRIL, c.compute)).toEqual({ n: 3 });
    await db.execute(sql`update groups set name = name where id = 6`);
    expect(await answers.get('ranking', {}, APRIL, c.compute)).toEqual({ n: 4 });
    await db.execute(sql`update professions set name = name where true`);
    expect(await answers.get('ranking', {}, APRIL, c.compute)).toEqual({ n: 5 });
    expect(await answers.get('ranking', {}, APRIL, c.compute)).toEqual({ n: 5 });
  });

  it('keeps at most its number of answers, dropping the least recently used', async () => {
    const answers = createAnswerCache(db, { maxEntries: 2 });
    const c = counter();
    await answers.get('a', {}, APRIL, c.compute);
    await answers.get('b', {}, APRIL, c.compute);
    await answers.get('a', {}, APRIL, c.compute); // a is now the more recent
    await answers.get('c', {}, APRIL, c.compute); // b goes
    expect(answers.stats().entries).toBe(2);
    expect(await answers.get('a', {}, APRIL, c.compute)).toEqual({ n: 1 });
    expect(await answers.get('b', {}, APRIL, c.compute)).toEqual({ n: 4 });
  });

  it('keeps at most its characters of answers, and nothing when told to keep none', async () => {
    const small = createAnswerCache(db, { maxChars: 30 });
    const big = async () => ({ text: 'x'.repeat(40) });
    await small.get('big', {}, APRIL, big);
    expect(small.stats()).toMatchObject({ entries: 0, chars: 0 });
    const none = createAnswerCache(db, { maxEntries: 0 });
    const c = counter();
    await none.get('a', {}, APRIL, c.compute);
    expect(await none.get('a', {}, APRIL, c.compute)).toEqual({ n: 2 });
  });
});
