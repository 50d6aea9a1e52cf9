import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABOVE_CALLER_MESSAGE } from '../../../../server/src/contracts/users-admin';
import { DISPUTE_MESSAGES } from '../../../../server/src/contracts/disputes';
import { auditEvents, opportunityDisputes, users } from '../../../../server/src/db/schema';
import { DEMO_GROUP_IDS, DEMO_ORG_IDS } from '../../../../server/src/db/seed';
import { createTestApp, signIn, type Tokens, userIdOf } from '../../helpers/app';
import { createFleet, eventsFor, ingest } from '../../helpers/fleet';
import { createScopedAccount } from '../../helpers/scoped-account';
import { RIVERSIDE, staffOf } from '../../helpers/staff';
import { complianceTotals, complianceTotalsScan } from '../../../../server/src/modules/metrics/compliance.repo';
import { dayRange, userFilter } from '../../../../server/src/modules/metrics/filters';
import { getReport } from './report-client';

// Disputed opportunities (docs/METRICS.md '15. Disputed opportunities', docs/PERMISSIONS.md
// 'Disputed opportunities'): a wearer disputes their own, a manager of the location decides, and
// an accepted dispute leaves the figures.

const DAY = '2023-07-03';
/** A visit with no hand hygiene at all: its entry and exit are both missed. */
const MISSED_ENTRY = `${DAY}T09:00:00.000Z`;
const MISSED_EXIT = `${DAY}T09:04:00.000Z`;
/** A visit cleaned at entry, missed at exit. */
const CLEAN_ENTRY = `${DAY}T10:00:00.000Z`;
const MISSED_EXIT_2 = `${DAY}T10:05:00.000Z`;

interface Door {
  timestamp: string;
  type: string;
  dispute: { id: number; status: string; reason: string; note: string | null; reply: string | null; decidedAt: string | null } | null;
}

describe('disputed opportunities', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let nurse: Tokens;
  let manager: Tokens;
  let nurseId: number;
  let managerId: number;
  let homeGroup: number;
  let colleagueId: number;

  const post = (tokens: Tokens, url: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url: `/api${url}`, headers: { authorization: tokens.idToken, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
  const dispute = (tokens: Tokens, body: Record<string, unknown>) => post(tokens, '/compliance/user/own-opportunities/disputes', body);
  const doors = async () => (await getReport(ctx.app, nurse.idToken, 'compliance/user/own-opportunities', { date: DAY })).body.doors as Door[];
  const report = async () => (await getReport(ctx.app, manager.idToken, 'compliance/report', { groupIds: [homeGroup], startDate: DAY, endDate: DAY, view: 'loc' })).body;
  const dailyOf = async (userId: number) =>
    (
      await ctx.db.execute<{ entry: number; entry_ok: number; exit: number; exit_ok: number }>(sql`
        select sum(entry_opportunities)::int as entry, sum(entry_compliant)::int as entry_ok, sum(exit_opportunities)::int as exit, sum(exit_compliant)::int as exit_ok
        from compliance_daily where user_id = ${userId} and day = ${DAY}::date`)
    ).rows[0];
  const disputeRows = () => ctx.db.select().from(opportunityDisputes);

  beforeAll(async () => {
    ctx = await createTestApp();
    nurse = await signIn('nurse@demo.health');
    nurseId = await userIdOf(ctx.app, nurse.idToken, 'nurse@demo.health');
    // The nurse works at Riverside: its compliance manager reviews their disputes.
    const riversideManager = await createScopedAccount(ctx.db, {
      organizationId: DEMO_ORG_IDS.riverside,
      subjects: ['COMPLIANCE', 'USER_OVERVIEW'],
      groupIds: [DEMO_GROUP_IDS.riverside],
      managedOrganizationIds: [DEMO_ORG_IDS.riverside],
      label: 'disputes-riverside-manager',
    });
    manager = riversideManager.tokens;
    managerId = riversideManager.user.id;
    const [home] = await ctx.db.select().from(users).where(eq(users.id, nurseId));
    homeGroup = home?.groupId as number;
    colleagueId = (await staffOf(ctx.db, RIVERSIDE)).filter((u) => u.id !== nurseId)[0]?.id as number;
    const fleet = await createFleet(ctx.db, homeGroup, [nurseId, colleagueId]);
    const e = eventsFor(fleet);
    await ingest(ctx.db, [
      ...e.visit(nurseId, MISSED_ENTRY, MISSED_EXIT),
      ...e.visit(nurseId, CLEAN_ENTRY, MISSED_EXIT_2),
      e.dispense(nurseId, `${DAY}T10:00:05Z`, 'sanitizer', 20),
      ...e.visit(colleagueId, `${DAY}T11:00:00Z`, `${DAY}T11:06:00Z`),
    ]);
  });
  afterAll(() => ctx.close());

  it('lets a wearer dispute their own missed entry, and shows it awaiting review on their opportunity', async () => {
    const res = await dispute(nurse, { kind: 'ENTRY', doorAt: MISSED_ENTRY, reason: 'WASHED_ELSEWHERE' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'OPEN', reason: 'WASHED_ELSEWHERE', note: null, reply: null, decidedAt: null });
    const entry = (await doors()).find((d) => d.timestamp === MISSED_ENTRY && d.type === 'Room Entry');
    expect(entry?.dispute).toMatchObject({ status: 'OPEN', reason: 'WASHED_ELSEWHERE' });
    // The other doors carry none.
    expect((await doors()).filter((d) => d.dispute !== null)).toHaveLength(1);
  });

  it('answers 404 for a door that is not a counted opportunity of the caller, another wearer’s included, and 409 for a second dispute', async () => {
    expect((await dispute(nurse, { kind: 'ENTRY', doorAt: `${DAY}T08:00:00Z`, reason: 'BADGE_LEFT' })).json()).toMatchObject({ message: DISPUTE_MESSAGES.opportunityNotFound });
    // The colleague's entry, named by its instant: not the nurse's.
    const other = await dispute(nurse, { kind: 'ENTRY', doorAt: `${DAY}T11:00:00Z`, reason: 'BADGE_LEFT' });
    expect(other.statusCode).toBe(404);
    // An exit's instant named as an entry is no entry.
    expect((await dispute(nurse, { kind: 'ENTRY', doorAt: MISSED_EXIT, reason: 'BADGE_LEFT' })).statusCode).toBe(404);
    const again = await dispute(nurse, { kind: 'ENTRY', doorAt: MISSED_ENTRY, reason: 'OTHER', note: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DISPUTE_MESSAGES.alreadyDisputed);
    expect(await disputeRows()).toHaveLength(1);
  });

  it('refuses malformed bodies with 400 and a clear message, storing nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ kind: 'EXIT', doorAt: MISSED_EXIT, reason: 'OTHER' }, /note.*Other/],
      [{ kind: 'EXIT', doorAt: MISSED_EXIT, reason: 'OTHER', note: '   ' }, /note.*Other/],
      [{ kind: 'EXIT', doorAt: MISSED_EXIT, reason: 'OTHER', note: 'x'.repeat(501) }, /at most 500/],
      [{ kind: 'EXIT', doorAt: 'yesterday', reason: 'BADGE_LEFT' }, /ISO 8601/],
      [{ kind: 'SIDE', doorAt: MISSED_EXIT, reason: 'BADGE_LEFT' }, /kind/],
      [{ kind: 'EXIT', doorAt: MISSED_EXIT, reason: 'BADGE_LEFT', userId: 5 }, /unknown field 'userId'/],
    ];
    for (const [body, message] of cases) {
      const res = await dispute(nurse, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toMatch(message);
    }
    const decline = await post(manager, `/compliance/disputes/${(await disputeRows())[0]?.id}/decline`, { userId: nurseId, reply: '' });
    expect(decline.statusCode).toBe(400);
    expect(decline.json().message).toMatch(DISPUTE_MESSAGES.replyRequired);
    expect(await disputeRows()).toMatchObject([{ status: 'OPEN', reply: null }]);
  });

  it('lists the disputes of the manager’s locations, open first, with the wearer, the location’s clock and the verdict', async () => {
    const res = await getReport(ctx.app, manager.idToken, 'compliance/disputes', {});
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(1);
    expect(res.body.data[0]).toMatchObject({ kind: 'ENTRY', doorAt: MISSED_ENTRY, status: 'OPEN', compliant: false, wearer: { id: nurseId } });
    expect(typeof res.body.data[0].timeZone).toBe('string');
    // St. Mary's administrator sees none of them, and may not decide one: the nurse is outside their scope.
    const stMarys = await signIn('manager@demo.health');
    expect((await getReport(ctx.app, stMarys.idToken, 'compliance/disputes', {})).body).toEqual({ data: [], totalCount: 0 });
    const [id] = (await disputeRows()).map((r) => r.id);
    const refused = await post(stMarys, `/compliance/disputes/${id}/accept`, { userId: nurseId });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('User not found');
    expect(await disputeRows()).toMatchObject([{ status: 'OPEN' }]);
  });

  it('takes an accepted entry out of compliance_daily and the Compliance Report, and records who decided in the audit trail', async () => {
    const before = await report();
    const dailyBefore = await dailyOf(nurseId);
    expect(dailyBefore).toEqual({ entry: 2, entry_ok: 1, exit: 2, exit_ok: 0 });
    expect(before.disputes).toEqual({ disputed: 1, excluded: 0 });
    const total = before.series[0].total;

    const [row] = await disputeRows();
    const res = await post(manager, `/compliance/disputes/${row?.id}/accept`, { userId: nurseId, reply: 'The sink outside 3N-12 logged it' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ACCEPTED', reply: 'The sink outside 3N-12 logged it', decidedBy: expect.any(String) });

    expect(await dailyOf(nurseId)).toEqual({ entry: 1, entry_ok: 1, exit: 2, exit_ok: 0 });
    const after = await report();
    expect(after.series[0].total.opportunities).toBe(total.opportunities - 1);
    expect(after.series[0].total.compliantEvents).toBe(total.compliantEvents);
    expect(after.disputes).toEqual({ disputed: 1, excluded: 1 });
    // The Performance Overview's figures say it too.
    const stats = (await getReport(ctx.app, manager.idToken, 'compliance/overview-stats', { groupIds: [homeGroup], startDate: DAY, endDate: DAY, view: 'loc' })).body;
    expect(stats.disputes).toEqual({ disputed: 1, excluded: 1 });
    expect(stats.opportunities.value).toBe(after.series[0].total.opportunities);
    // The plain scan of the raw events leaves it out too, so it still equals the rollups.
    const filter = userFilter(dayRange(DAY, DAY));
    expect(await complianceTotalsScan(ctx.db, filter, filter.range)).toEqual(await complianceTotals(ctx.db, filter, filter.range));
    // The visit stays: the wearer still sees the entry, now accepted.
    expect((await doors()).find((d) => d.timestamp === MISSED_ENTRY && d.type === 'Room Entry')?.dispute).toMatchObject({ status: 'ACCEPTED', decidedAt: expect.any(String) });

    const trail = await ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, managerId), eq(auditEvents.route, '/api/compliance/disputes/:id/accept'), eq(auditEvents.status, 200)));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'write', personUserId: nurseId, params: { id: row?.id }, target: { userId: nurseId } });

    // A decision is final.
    const again = await post(manager, `/compliance/disputes/${row?.id}/decline`, { userId: nurseId, reply: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(DISPUTE_MESSAGES.alreadyDecided);
  });

  it('leaves the figures as they were on a decline, and shows the wearer the reply', async () => {
    const created = await dispute(nurse, { kind: 'EXIT', doorAt: MISSED_EXIT_2, reason: 'OTHER', note: 'Hands were gloved for the whole visit' });
    expect(created.statusCode).toBe(201);
    const before = await report();
    const dailyBefore = await dailyOf(nurseId);
    const res = await post(manager, `/compliance/disputes/${created.json().id}/decline`, { userId: nurseId, reply: 'Gloves are not hand hygiene' });
    expect(res.statusCode).toBe(200);
    expect(await dailyOf(nurseId)).toEqual(dailyBefore);
    const after = await report();
    expect(after.series).toEqual(before.series);
    expect(after.disputes).toEqual({ disputed: 2, excluded: 1 });
    expect((await doors()).find((d) => d.timestamp === MISSED_EXIT_2 && d.type === 'Room Exit')?.dispute).toMatchObject({
      status: 'DECLINED',
      note: 'Hands were gloved for the whole visit',
      reply: 'Gloves are not hand hygiene',
    });
  });

  it('refuses a decision on a wearer above the manager (403) or one the decision does not name (404), changing nothing', async () => {
    // A Riverside colleague who manages the whole network: above the Riverside manager.
    const { user: peer } = await createScopedAccount(ctx.db, {
      organizationId: DEMO_ORG_IDS.riverside,
      subjects: ['COMPLIANCE'],
      groupIds: [DEMO_GROUP_IDS.network],
      managedOrganizationIds: [DEMO_ORG_IDS.network],
      label: 'disputes-peer-network',
    });
    const [row] = await ctx.db
      .insert(opportunityDisputes)
      .values({ userId: peer.id, groupId: homeGroup, kind: 'ENTRY', doorAt: new Date(`${DAY}T12:00:00Z`), visitEntryAt: new Date(`${DAY}T12:00:00Z`), reason: 'BADGE_LEFT' })
      .returning();
    const above = await post(manager, `/compliance/disputes/${row?.id}/accept`, { userId: peer.id });
    expect(above.statusCode).toBe(403);
    expect(above.json().message).toBe(ABOVE_CALLER_MESSAGE);
    // Naming someone else as its wearer finds no such dispute.
    const misnamed = await post(manager, `/compliance/disputes/${row?.id}/accept`, { userId: nurseId });
    expect(misnamed.statusCode).toBe(404);
    expect(misnamed.json().message).toBe(DISPUTE_MESSAGES.disputeNotFound);
    const [still] = await ctx.db.select().from(opportunityDisputes).where(eq(opportunityDisputes.id, row?.id as number));
    expect(still).toMatchObject({ status: 'OPEN', decidedBy: null });
  });

  it('pages the list by status, open first', async () => {
    const open = await getReport(ctx.app, manager.idToken, 'compliance/disputes', { status: 'OPEN' });
    expect(open.body.data.every((d: { status: string }) => d.status === 'OPEN')).toBe(true);
    const all = await getReport(ctx.app, manager.idToken, 'compliance/disputes', { take: 1 });
    expect(all.body.totalCount).toBeGreaterThanOrEqual(2);
    const next = await getReport(ctx.app, manager.idToken, 'compliance/disputes', { take: 10, startingAfter: all.body.data[0].id });
    expect(next.body.data.map((d: { id: number }) => d.id)).not.toContain(all.body.data[0].id);
    const statuses = [all.body.data[0].status, ...next.body.data.map((d: { status: string }) => d.status)];
    // Open ones first: no open dispute after a decided one.
    expect(statuses.slice(statuses.findIndex((s) => s !== 'OPEN'))).not.toContain('OPEN');
    expect(statuses[0]).toBe('OPEN');
  });
});
