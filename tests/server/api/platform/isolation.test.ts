import { randomBytes } from 'node:crypto';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseErrorOf } from '../../../../server/src/core/database-error';
import { appMeta, nfcTags } from '../../../../server/src/db/schema';
import { STATEMENT_TIMEOUT_MESSAGE } from '../../../../server/src/plugins/errors';
import { createTestApp, requestBootstrap, signIn, type Tokens } from '../../helpers/app';
import { nfcClient, uniqueNfcId } from '../nfc/nfc-client';
import { getReport } from '../reports/report-client';

// Heavy work never holds the server: a long statement runs beside requests that need no
// database, a report statement past its limit is stopped with a 503 the caller can act on, and a
// transaction stays whole however requests interleave. Each runs on PGlite (in its worker
// thread) and on PostgreSQL.

const LIMIT_MS = 500;
const ICU_3_NORTH = 6;

async function failureOf(run: Promise<unknown>): Promise<unknown> {
  try {
    await run;
  } catch (error) {
    return error;
  }
  throw new Error('expected the statement to fail');
}

describe('isolation of heavy work', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  const overview = () => getReport(ctx.app, admin.idToken, 'compliance/overview-stats', { groupIds: [ICU_3_NORTH], startDate: '2025-04-01', endDate: '2025-04-01' });

  beforeAll(async () => {
    ctx = await createTestApp({ reportStatementTimeoutMs: LIMIT_MS });
    admin = await signIn('admin@demo.health');
  });
  afterAll(() => ctx.close());

  it('answers a request that needs no database while a long statement is still running', async () => {
    const finished: string[] = [];
    const statement = ctx.db.execute(sql`select pg_sleep(3)`).then(() => finished.push('statement'));
    const config = await ctx.app.inject({ method: 'GET', url: '/config.json' });
    finished.push('config');
    await statement;
    expect(config.statusCode).toBe(200);
    expect(finished).toEqual(['config', 'statement']);
  });

  it('stops a report statement past the limit with 503 and its message, and goes on answering', async () => {
    // The rollup the overview reads becomes a view that takes seconds to read, whatever it holds.
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`alter table compliance_daily rename to compliance_daily_rows`);
      await tx.execute(sql`create view compliance_daily as select * from compliance_daily_rows where (select true from pg_sleep(5))`);
    });
    const stopped = await overview();
    expect(stopped.status).toBe(503);
    expect(stopped.body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: STATEMENT_TIMEOUT_MESSAGE });

    expect((await ctx.app.inject({ method: 'GET', url: '/config.json' })).statusCode).toBe(200);
    expect((await requestBootstrap(ctx.app, admin.idToken, 'admin@demo.health')).statusCode).toBe(200);
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`drop view compliance_daily`);
      await tx.execute(sql`alter table compliance_daily_rows rename to compliance_daily`);
    });
    const answered = await overview();
    expect(answered.status).toBe(200);
    expect(answered.body.opportunities.value).toBe(0);
  });

  it('stops a report transaction past the limit whole, keeping what was committed before', async () => {
    const tag = randomBytes(4).toString('hex');
    await ctx.db.insert(appMeta).values({ key: `isolation-${tag}-before`, value: 'committed' });
    const error = await failureOf(
      ctx.reportDb.transaction(async (tx) => {
        await tx.insert(appMeta).values({ key: `isolation-${tag}-inside`, value: 'never committed' });
        await tx.execute(sql`select pg_sleep(5)`);
      }),
    );
    expect(databaseErrorOf(error)?.code).toBe('57014');
    const keys = await ctx.db.select({ key: appMeta.key }).from(appMeta).where(like(appMeta.key, `isolation-${tag}-%`));
    expect(keys.map((k) => k.key)).toEqual([`isolation-${tag}-before`]);
  });

  it('keeps a transaction whole while other requests read and write', async () => {
    const api = nfcClient(ctx.app);
    const insideId = uniqueNfcId();
    const outsideId = uniqueNfcId();
    let opened!: () => void;
    let release!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));

    const transaction = ctx.db.transaction(async (tx) => {
      await tx.insert(nfcTags).values({ nfcId: insideId, nfcShortId: 'IN1', groupId: ICU_3_NORTH });
      opened();
      await released;
      throw new Error('rolled back on purpose');
    });
    await isOpen;
    // Asked while the transaction is open: none of them may run inside it.
    const read = api.list(admin, { search: insideId });
    const write = api.create(admin, { nfcId: outsideId, nfcShortId: 'OUT1', groupId: ICU_3_NORTH, active: true });
    const statement = ctx.db.insert(appMeta).values({ key: `isolation-${outsideId}`, value: 'outside' });
    // Time for the requests to reach the database before the transaction ends; were it too
    // short, the test would only prove less, never fail wrongly.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();

    await expect(transaction).rejects.toThrow('rolled back on purpose');
    const [listed, created] = await Promise.all([read, write, statement]);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([]);
    expect(created.status).toBe(201);
    const kept = await ctx.db.select({ nfcId: nfcTags.nfcId }).from(nfcTags).where(inArray(nfcTags.nfcId, [insideId, outsideId]));
    expect(kept.map((t) => t.nfcId)).toEqual([outsideId]);
    expect(await ctx.db.select().from(appMeta).where(eq(appMeta.key, `isolation-${outsideId}`))).toEqual([{ key: `isolation-${outsideId}`, value: 'outside' }]);
  });
});
