import { and, desc, eq, sql } from 'drizzle-orm';
import { statePurpose } from '../helpers/purposes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users, type UserRow } from '../../../server/src/db/schema';
import { createTestApp, requestBootstrap, signIn, type Tokens } from '../helpers/app';
import { claimsOf } from '../helpers/identity';
import { ST_MARYS, staffOf } from '../helpers/staff';
import { nfcClient, tagFreeStaff, uniqueNfcId } from './nfc/nfc-client';

const ICU_3_NORTH = 6;

describe('the audit trail', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Tokens;
  let tech: Tokens;
  let managerRow: UserRow;
  let techRow: UserRow;
  let nurse: UserRow;

  beforeAll(async () => {
    ctx = await createTestApp();
    [manager, tech] = await Promise.all([signIn('manager@demo.health'), signIn('tech@demo.health')]);
    const row = async (userName: string) => (await ctx.db.select().from(users).where(eq(users.userName, userName)))[0]!;
    [managerRow, techRow] = await Promise.all([row('manager@demo.health'), row('tech@demo.health')]);
    nurse = (await staffOf(ctx.db, ST_MARYS)).find((u) => u.professionCode === 'RN') ?? (await staffOf(ctx.db, ST_MARYS))[0]!;
  });
  afterAll(() => ctx.close());

  const eventsOf = (actorUserId: number) =>
    ctx.db.select().from(auditEvents).where(eq(auditEvents.actorUserId, actorUserId)).orderBy(desc(auditEvents.id));
  const dashboard = (tokens: Tokens, userId?: number) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/compliance/user/dashboard',
      query: { startDate: '2025-03-01', endDate: '2025-03-07', ...(userId ? { userId: String(userId) } : {}) },
      headers: { authorization: tokens.idToken },
    });

  it('records a read of one person’s data: who, when, what, about whom and from which scope', async () => {
    const before = Date.now();
    const own = (await requestBootstrap(ctx.app, manager.idToken, 'manager@demo.health')).json().user;
    expect(await statePurpose(ctx.app, manager.idToken, nurse.id, 'COACHING')).toBe(200);
    const res = await dashboard(manager, nurse.id);
    expect(res.statusCode).toBe(200);
    const [event] = await eventsOf(managerRow.id);
    expect(event).toMatchObject({
      actorUserId: managerRow.id,
      actorSub: managerRow.cognitoId,
      sessionId: claimsOf(manager.idToken).origin_jti,
      action: 'read',
      method: 'GET',
      route: '/api/compliance/user/dashboard',
      query: { userId: nurse.id, startDate: '2025-03-01', endDate: '2025-03-07' },
      personUserId: nurse.id,
      status: 200,
      page: '/app/reports/user-overview',
      purpose: 'COACHING',
      scope: { organizationIds: own.managedOrganizationIds, groupIds: own.managedGroupIds },
    });
    expect(own.managedOrganizationIds).toContain(ST_MARYS);
    expect(event!.at.getTime()).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('records a refused read too, and one of the caller’s own figures as about themself', async () => {
    const riverside = (await ctx.db.select().from(users).where(and(eq(users.organizationId, 4)))).at(0);
    if (riverside) expect((await dashboard(manager, riverside.id)).statusCode).toBe(404);
    expect((await dashboard(tech)).statusCode).toBe(200);
    const [own] = await eventsOf(techRow.id);
    expect(own).toMatchObject({ action: 'read', personUserId: techRow.id, status: 200 });
  });

  it('records an NFC assignment as a write naming the tag and the person, and nothing of reports that name nobody', async () => {
    const api = nfcClient(ctx.app);
    const holder = (await tagFreeStaff(ctx.db))();
    const created = await api.create(tech, { nfcId: uniqueNfcId(), nfcShortId: 'AU12DT1', groupId: ICU_3_NORTH, active: true, userId: null });
    expect(created.status).toBe(201);
    const assigned = await api.update(tech, created.body.id, { userId: holder.id });
    expect(assigned.status).toBe(200);
    const [assign, create] = await eventsOf(techRow.id);
    expect(assign).toMatchObject({
      action: 'write',
      method: 'PATCH',
      route: '/api/nfc-tags/:id',
      params: { id: created.body.id },
      target: { userId: holder.id },
      personUserId: holder.id,
      status: 200,
    });
    expect(create).toMatchObject({ action: 'write', method: 'POST', route: '/api/nfc-tags', target: { groupId: ICU_3_NORTH, userId: null }, status: 201 });

    const count = async () => (await eventsOf(managerRow.id)).length;
    const before = await count();
    const stats = await ctx.app.inject({
      method: 'GET',
      url: '/api/compliance/overview-stats',
      query: { startDate: '2025-03-01', endDate: '2025-03-07' },
      headers: { authorization: manager.idToken },
    });
    expect(stats.statusCode).toBe(200);
    expect(await count()).toBe(before);
  });

  it('keeps no password or other body field of a write', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/set-password',
      headers: { authorization: tech.idToken },
      payload: { username: 'tech@demo.health', password: 'short' },
    });
    expect(res.statusCode).toBe(400);
    const [event] = await eventsOf(techRow.id);
    expect(event).toMatchObject({ route: '/api/users/set-password', status: 400, target: { username: 'tech@demo.health' } });
    expect(JSON.stringify(event)).not.toContain('short');
  });

  it('is append-only: rows cannot be changed or removed', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      ctx.db.execute(statement).then(
        () => 'allowed',
        (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
      );
    expect(await refusal(sql`update audit_events set status = 0`)).toMatch(/append-only: UPDATE/);
    expect(await refusal(sql`delete from audit_events`)).toMatch(/append-only: DELETE/);
    expect(await refusal(sql`truncate audit_events`)).toMatch(/append-only: TRUNCATE/);
    expect((await eventsOf(managerRow.id)).length).toBeGreaterThan(0);
  });

  it('gives no person’s data when the read cannot be recorded', async () => {
    await ctx.db.execute(sql`alter table audit_events rename to audit_events_away`);
    try {
      const res = await dashboard(manager, nurse.id);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('This record cannot be shown right now. Please try again.');
      expect(res.body).not.toContain('complianceTotal');
    } finally {
      await ctx.db.execute(sql`alter table audit_events_away rename to audit_events`);
    }
  });
});
