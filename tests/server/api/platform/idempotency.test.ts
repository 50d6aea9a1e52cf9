import { randomUUID } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appMeta, idempotencyKeys, users } from '../../../../server/src/db/schema';
import { forSignedIn } from '../../../../server/src/core/access';
import { HttpError } from '../../../../server/src/core/http-error';
import { KEEP_KEYS_MS, pruneIdempotencyKeys } from '../../../../server/src/plugins/idempotency';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';

// A write route of the real server stack (auth, validation, error handler, the idempotency hooks)
// that records each run in app_meta, so a test can count what a request really wrote.
describe('Idempotency-Key on writes', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let nurse: Tokens;
  let runs = 0;
  let gate: Promise<void> | null = null;
  let failNext: number | null = null;

  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.app.register(
      async (api) => {
        api.post<{ Body: { label: string } }>('/probe-writes', { config: forSignedIn() }, async (request) => {
          runs += 1;
          if (gate) await gate;
          if (failNext !== null) {
            const status = failNext;
            failNext = null;
            throw new HttpError(status, status >= 500 ? 'The database is unavailable' : 'User Already Assigned');
          }
          await ctx.db.insert(appMeta).values({ key: `probe-${randomUUID()}`, value: request.body.label });
          return { run: runs, label: request.body.label };
        });
      },
      { prefix: '/api' },
    );
    [admin, nurse] = await Promise.all([signIn('admin@demo.health'), signIn('nurse@demo.health')]);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    runs = 0;
    gate = null;
    failNext = null;
    await ctx.db.delete(appMeta).where(like(appMeta.key, 'probe-%'));
  });

  const write = (tokens: Tokens, key: string | null, label = 'tag 1', url = '/api/probe-writes') =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { authorization: tokens.idToken, ...(key === null ? {} : { 'idempotency-key': key }) },
      payload: { label },
    });
  const written = async () => (await ctx.db.select().from(appMeta).where(like(appMeta.key, 'probe-%'))).length;

  it('answers a repeated key with the first answer and writes nothing new', async () => {
    const key = randomUUID();
    const first = await write(admin, key);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await write(admin, key, 'a different body');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(runs).toBe(1);
    expect(await written()).toBe(1);
  });

  it('handles each request without a key, and each new key', async () => {
    await write(admin, null);
    await write(admin, null);
    await write(admin, randomUUID());
    expect(await written()).toBe(3);
  });

  it('keeps one user’s keys apart from another’s', async () => {
    const key = randomUUID();
    expect((await write(admin, key)).statusCode).toBe(200);
    const other = await write(nurse, key);
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await written()).toBe(2);
  });

  it('refuses a key that is not a UUID, and a key reused for another request, writing nothing', async () => {
    const bad = await write(admin, 'tag-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The Idempotency-Key header must be a UUID');
    const key = randomUUID();
    await write(admin, key);
    const elsewhere = await write(admin, key, 'tag 1', '/api/probe-writes?again=1');
    expect(elsewhere.statusCode).toBe(422);
    expect(runs).toBe(1);
    expect(await written()).toBe(1);
  });

  it('keeps a refusal: the repeat gets the same message without running again', async () => {
    const key = randomUUID();
    failNext = 409;
    const first = await write(admin, key);
    expect(first.statusCode).toBe(409);
    const again = await write(admin, key);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('User Already Assigned');
    expect(runs).toBe(1);
    expect(await written()).toBe(0);
  });

  it('lets a request that failed on the server run again with the same key', async () => {
    const key = randomUUID();
    failNext = 503;
    expect((await write(admin, key)).statusCode).toBe(503);
    const retry = await write(admin, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toBe(2);
    expect(await written()).toBe(1);
  });

  it('tells a repeat that arrives while the first is still running to try again', async () => {
    const key = randomUUID();
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const first = write(admin, key);
    await expect.poll(() => runs).toBe(1);
    const early = await write(admin, key);
    expect(early.statusCode).toBe(409);
    open();
    expect((await first).statusCode).toBe(200);
    const late = await write(admin, key);
    expect(late.headers['idempotent-replayed']).toBe('true');
    expect(await written()).toBe(1);
  });

  it('takes over a key whose first request never answered (the server stopped mid-way)', async () => {
    const key = randomUUID();
    const [me] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.health'));
    await ctx.db.insert(idempotencyKeys).values({ userId: me!.id, key, request: 'POST /api/probe-writes', createdAt: new Date(Date.now() - 2 * 60_000) });
    const retry = await write(admin, key);
    expect(retry.statusCode).toBe(200);
    expect(await written()).toBe(1);
  });

  it('forgets answers after a week: an old key is pruned, a recent one kept and still replayed', async () => {
    const [me] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.health'));
    const old = randomUUID();
    await ctx.db.insert(idempotencyKeys).values({
      userId: me!.id,
      key: old,
      request: 'POST /api/probe-writes',
      statusCode: 200,
      body: '{}',
      createdAt: new Date(Date.now() - KEEP_KEYS_MS - 60_000),
    });
    const recent = randomUUID();
    expect((await write(admin, recent)).statusCode).toBe(200);
    expect(await pruneIdempotencyKeys(ctx.db)).toBeGreaterThanOrEqual(1);
    const left = await ctx.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, me!.id));
    expect(left.map((r) => r.key)).toContain(recent);
    expect(left.map((r) => r.key)).not.toContain(old);
    expect((await write(admin, recent)).headers['idempotent-replayed']).toBe('true');
  });
});
