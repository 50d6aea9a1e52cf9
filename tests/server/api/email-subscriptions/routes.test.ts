import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSubscriptions, type UserRow } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { RIVERSIDE, ST_MARYS, staffOf } from '../../helpers/staff';

describe('/api/users/:id/emails', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Tokens;
  let nurse: Tokens;
  let stMarys: () => UserRow;
  let riverside: UserRow;

  beforeAll(async () => {
    ctx = await createTestApp();
    [manager, nurse] = await Promise.all([signIn('manager@demo.health'), signIn('nurse@demo.health')]);
    // This file's own database: any staff member will do, one per test.
    const staff = await staffOf(ctx.db, ST_MARYS);
    let next = 0;
    stMarys = () => staff[next++] as UserRow;
    riverside = (await staffOf(ctx.db, RIVERSIDE))[0] as UserRow;
  });
  afterAll(() => ctx.close());

  const call = (tokens: Tokens, method: 'GET' | 'POST' | 'DELETE', userId: number, extra: { payload?: object; query?: Record<string, string> } = {}) =>
    ctx.app.inject({ method, url: `/api/users/${userId}/emails`, headers: { authorization: tokens.idToken }, ...extra });
  const weekly = (userId: number, type = 'DEPARTMENT_COMPLIANCE_REPORT') => ({ userId, type, schedule: '30 12 * * 1' });

  it('adds, lists and removes a subscription, with the weekly cron string', async () => {
    const user = stMarys();
    await ctx.db.delete(emailSubscriptions).where(eq(emailSubscriptions.userId, user.id));
    const added = await call(manager, 'POST', user.id, { payload: weekly(user.id) });
    expect(added.statusCode).toBe(200);
    const subscription = added.json<{ id: number }>();
    expect(subscription).toEqual({ id: expect.any(Number), userId: user.id, type: 'DEPARTMENT_COMPLIANCE_REPORT', schedule: '30 12 * * 1' });
    // Subscribing again keeps the one subscription.
    expect((await call(manager, 'POST', user.id, { payload: weekly(user.id) })).json()).toEqual(subscription);
    expect((await call(manager, 'GET', user.id)).json()).toEqual([subscription]);

    const removed = await call(manager, 'DELETE', user.id, { query: { id: String(subscription.id) } });
    expect(removed.statusCode).toBe(200);
    expect((await call(manager, 'GET', user.id)).json()).toEqual([]);
    expect((await call(manager, 'DELETE', user.id, { query: { id: String(subscription.id) } })).statusCode).toBe(404);
  });

  it("answers 404 for another hospital's user, as if absent, and changes nothing", async () => {
    const before = await ctx.db.select().from(emailSubscriptions).where(eq(emailSubscriptions.userId, riverside.id));
    expect((await call(manager, 'GET', riverside.id)).statusCode).toBe(404);
    expect((await call(manager, 'POST', riverside.id, { payload: weekly(riverside.id) })).statusCode).toBe(404);
    expect((await call(manager, 'GET', 2_000_000_000)).statusCode).toBe(404);
    expect(await ctx.db.select().from(emailSubscriptions).where(eq(emailSubscriptions.userId, riverside.id))).toEqual(before);
  });

  it('refuses another schedule, another type, and a body naming another user', async () => {
    const user = stMarys();
    const subscriptionsOfUser = () => ctx.db.select().from(emailSubscriptions).where(eq(emailSubscriptions.userId, user.id));
    const before = await subscriptionsOfUser();
    const bad = [
      { ...weekly(user.id), schedule: '0 9 * * 1' },
      { ...weekly(user.id), type: 'WEEKLY_DIGEST' },
      weekly(user.id + 1),
    ];
    for (const payload of bad) {
      const res = await call(manager, 'POST', user.id, { payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/\S/);
    }
    expect(await subscriptionsOfUser()).toEqual(before);
  });

  it('is refused to a caller without USER_EMAIL', async () => {
    expect((await call(nurse, 'GET', stMarys().id)).statusCode).toBe(403);
  });
});
