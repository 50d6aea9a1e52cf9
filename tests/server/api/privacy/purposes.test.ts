import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_MESSAGES } from '../../../../server/src/contracts/privacy';
import { accessPurposes, auditEvents } from '../../../../server/src/db/schema';
import { DEMO_GROUP_IDS, DEMO_ORG_IDS } from '../../../../server/src/db/seed';
import { createTestApp, signIn, type Tokens, userIdOf } from '../../helpers/app';
import { statePurpose } from '../../helpers/purposes';
import { createScopedAccount } from '../../helpers/scoped-account';
import { getReport } from '../reports/report-client';

// A purpose before a named person's figures, and the access log each person reads of their own
// (docs/PRIVACY.md 'A purpose first', 'Who viewed my data').

const WEEK = { startDate: '2023-06-01', endDate: '2023-06-07' };

describe('a purpose before another person’s figures', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let nurse: Tokens;
  let nurseId: number;
  let adminId: number;

  const dashboard = (tokens: Tokens, userId: number) => getReport(ctx.app, tokens.idToken, 'compliance/user/dashboard', { ...WEEK, userId });
  const lastEvent = async () => (await ctx.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1))[0];
  const accessLog = async (tokens: Tokens, query: Record<string, number> = {}) => getReport(ctx.app, tokens.idToken, 'privacy/access-log', query);

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn('admin@demo.health');
    nurse = await signIn('nurse@demo.health');
    nurseId = await userIdOf(ctx.app, nurse.idToken, 'nurse@demo.health');
    adminId = await userIdOf(ctx.app, admin.idToken, 'admin@demo.health');
  });
  afterAll(() => ctx.close());

  it('refuses a read of another person’s figures with 428 until a purpose is stated, and records the refusal', async () => {
    const refused = await dashboard(admin, nurseId);
    expect(refused.status).toBe(428);
    expect(refused.body.message).toBe(PRIVACY_MESSAGES.purposeRequired);
    expect(await lastEvent()).toMatchObject({ actorUserId: adminId, personUserId: nurseId, status: 428, purpose: null, page: '/app/reports/user-overview' });
    // Every covered route of every page asks the same.
    const covered: [string, Record<string, string | number | number[]>][] = [
      ['compliance/user/activity', { userId: nurseId, date: WEEK.endDate }],
      ['workflow/activity/available-days', { userId: nurseId }],
      ['compliance/breakdowns', { ...WEEK, userId: nurseId }],
      ['trust/wearer', { ...WEEK, userId: nurseId }],
      ['staffRounding/user/stats', { ...WEEK, userId: nurseId }],
      ['exposureReport/interaction', { ...WEEK, organizationIds: [DEMO_ORG_IDS.riverside], userId: nurseId }],
    ];
    for (const [path, query] of covered) {
      expect((await getReport(ctx.app, admin.idToken, path, query)).status, path).toBe(428);
    }
  });

  it('asks nothing of one’s own figures', async () => {
    expect((await dashboard(nurse, nurseId)).status).toBe(200);
    expect(await lastEvent()).toMatchObject({ actorUserId: nurseId, personUserId: nurseId, status: 200, purpose: null });
  });

  it('keeps the stated purpose with every read it covers for the rest of the sign-in, and asks again after a new sign-in', async () => {
    expect(await statePurpose(ctx.app, admin.idToken, nurseId, 'INFECTION_INVESTIGATION')).toBe(200);
    expect((await dashboard(admin, nurseId)).status).toBe(200);
    expect(await lastEvent()).toMatchObject({ actorUserId: adminId, personUserId: nurseId, status: 200, purpose: 'INFECTION_INVESTIGATION', page: '/app/reports/user-overview' });
    expect((await getReport(ctx.app, admin.idToken, 'compliance/user/activity', { userId: nurseId, date: WEEK.endDate })).status).toBe(200);
    expect(await lastEvent()).toMatchObject({ purpose: 'INFECTION_INVESTIGATION', page: '/app/reports/activity-breakdown' });
    // The purposes of this sign-in, as the app reads them.
    const stated = await getReport(ctx.app, admin.idToken, 'privacy/purposes', {});
    expect(stated.body.data).toEqual([expect.objectContaining({ personUserId: nurseId, purpose: 'INFECTION_INVESTIGATION', note: null })]);
    // Another purpose replaces it for the reads after.
    expect(await statePurpose(ctx.app, admin.idToken, nurseId, 'OTHER', 'Badge swap check')).toBe(200);
    await dashboard(admin, nurseId);
    expect(await lastEvent()).toMatchObject({ purpose: 'OTHER', purposeNote: 'Badge swap check' });
    // A new sign-in is a new session: it asks again.
    const again = await signIn('admin@demo.health');
    expect((await dashboard(again, nurseId)).status).toBe(428);
    expect((await getReport(ctx.app, again.idToken, 'privacy/purposes', {})).body.data).toEqual([]);
  });

  it('refuses a malformed purpose with 400 and a person out of reach with 404, storing nothing', async () => {
    const before = (await ctx.db.select().from(accessPurposes)).length;
    const post = (tokens: Tokens, payload: unknown) =>
      ctx.app.inject({ method: 'POST', url: '/api/privacy/purposes', headers: { authorization: tokens.idToken, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
    const cases: [unknown, RegExp][] = [
      [{ personUserId: nurseId, purpose: 'OTHER' }, /note.*Other/],
      [{ personUserId: nurseId, purpose: 'OTHER', note: '  ' }, /note.*Other/],
      [{ personUserId: nurseId, purpose: 'CURIOSITY' }, /purpose takes/],
      [{ personUserId: nurseId, purpose: 'AUDIT', note: 'x'.repeat(301) }, /at most 300/],
      [{ personUserId: 'me', purpose: 'AUDIT' }, /personUserId/],
      [{ personUserId: nurseId, purpose: 'AUDIT', sessionKey: 'x' }, /unknown field 'sessionKey'/],
    ];
    for (const [body, message] of cases) {
      const res = await post(admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toMatch(message);
    }
    // St. Mary's manager cannot see a Riverside nurse.
    const manager = await signIn('manager@demo.health');
    const outside = await post(manager, { personUserId: nurseId, purpose: 'COACHING' });
    expect(outside.statusCode).toBe(404);
    expect((await ctx.db.select().from(accessPurposes)).length).toBe(before);
  });

  it('shows a person who read their data, when, on which page and why — never their own reads nor a refused one — newest first, paged', async () => {
    const riverside = await createScopedAccount(ctx.db, {
      organizationId: DEMO_ORG_IDS.riverside,
      subjects: ['USER_OVERVIEW', 'COMPLIANCE'],
      groupIds: [DEMO_GROUP_IDS.riverside],
      managedOrganizationIds: [DEMO_ORG_IDS.riverside],
      label: 'privacy-riverside-manager',
      name: { firstName: 'Rae', lastName: 'Viewer' },
    });
    await dashboard(riverside.tokens, nurseId); // refused: no purpose yet
    await statePurpose(ctx.app, riverside.tokens.idToken, nurseId, 'COACHING');
    await dashboard(riverside.tokens, nurseId);

    const log = await accessLog(nurse);
    expect(log.status).toBe(200);
    const newest = log.body.data[0];
    expect(newest).toMatchObject({ viewer: { id: riverside.user.id, name: 'Rae Viewer' }, page: '/app/reports/user-overview', purpose: 'COACHING', purposeNote: null });
    expect(newest.viewer.role).toMatch(/^Scoped /);
    // The administrator's reads are there too; the nurse's own and the refused ones are not.
    const rows = log.body.data as { id: number; viewer: { id: number }; purpose: string | null }[];
    expect(rows.every((r) => r.viewer.id !== nurseId)).toBe(true);
    expect(rows.filter((r) => r.viewer.id === adminId).map((r) => r.purpose)).toContain('INFECTION_INVESTIGATION');
    expect(rows.some((r) => r.viewer.id === riverside.user.id && r.purpose === null)).toBe(false);
    expect(log.body.totalCount).toBe(rows.length);

    const first = await accessLog(nurse, { take: 1 });
    const second = await accessLog(nurse, { take: 1, startingAfter: first.body.data[0].id });
    expect(second.body.data[0].id).toBe(rows[1]?.id);
    expect(first.body.totalCount).toBe(rows.length);
    // Reading one's own access log is a read of one's own data.
    expect(await lastEvent()).toMatchObject({ actorUserId: nurseId, personUserId: nurseId, route: '/api/privacy/access-log' });
  });

  it('lets the administrators read the audit trail, filtered, within what they can see', async () => {
    const trail = (tokens: Tokens, query: Record<string, string | number>) => getReport(ctx.app, tokens.idToken, 'audit-events', query);
    const reads = await trail(admin, { personUserId: nurseId, actorUserId: adminId, action: 'read' });
    expect(reads.status).toBe(200);
    expect(reads.body.data.length).toBeGreaterThan(0);
    expect(reads.body.data.every((r: { person: { id: number }; actor: { id: number }; action: string }) => r.person?.id === nurseId && r.actor.id === adminId && r.action === 'read')).toBe(true);
    expect(reads.body.data.map((r: { status: number }) => r.status)).toContain(428);
    // A day with nothing in it.
    expect((await trail(admin, { personUserId: nurseId, startDate: '2020-01-01', endDate: '2020-01-02' })).body).toEqual({ data: [], totalCount: 0 });
    // St. Mary's administrator sees nothing about a Riverside nurse; a nurse may not open the trail.
    const manager = await signIn('manager@demo.health');
    expect((await trail(manager, { personUserId: nurseId })).body.totalCount).toBe(0);
    expect((await trail(nurse, {})).status).toBe(403);
    expect((await trail(admin, { startDate: '2023-06-09', endDate: '2023-06-01' })).status).toBe(400);
  });

  it('removes nothing from the trail', async () => {
    const [first] = await ctx.db.select().from(auditEvents).where(eq(auditEvents.personUserId, nurseId)).limit(1);
    await expect(ctx.db.delete(auditEvents).where(eq(auditEvents.id, first!.id))).rejects.toThrow();
  });
});
