import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnPast } from '../../../../server/src/contracts/reports/own-past';
import { auditEvents, users } from '../../../../server/src/db/schema';
import { DEMO_GROUP_IDS } from '../../../../server/src/db/seed';
import { createTestApp, signIn, type Tokens, userIdOf } from '../../helpers/app';
import { createFleet, eventsFor, ingest } from '../../helpers/fleet';
import { createScopedAccount } from '../../helpers/scoped-account';
import { ST_MARYS, staffOf } from '../../helpers/staff';
import { getPersonalReport, getReport } from '../reports/report-client';

// Feedback against one's own past (docs/PRIVACY.md 'Feedback against one's own past';
// docs/METRICS.md '16. Own past'): a nurse's own weeks, her best week, this week against the weeks
// before, and the goal she sets herself; nobody else's, and nobody else can read or set hers.

/** The day asked for: a Wednesday, so this week (from Monday 10 March) is cut at it. */
const TODAY = '2025-03-12';

describe('one’s own past and goal', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let nurse: Tokens;
  let admin: Tokens;
  let nurseId: number;
  let colleague: number;

  const ownPast = async (tokens: Tokens, query: Record<string, string | number> = { date: TODAY }) => getReport(ctx.app, tokens.idToken, 'compliance/own-past', query);
  const setGoal = (tokens: Tokens, body: unknown) =>
    ctx.app.inject({ method: 'PUT', url: '/api/compliance/own-goal', headers: { authorization: tokens.idToken, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  const lastEvent = async () => (await ctx.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1))[0];

  beforeAll(async () => {
    ctx = await createTestApp();
    nurse = await signIn('nurse@demo.health');
    admin = await signIn('admin@demo.health');
    nurseId = await userIdOf(ctx.app, nurse.idToken, 'nurse@demo.health');
    colleague = (await staffOf(ctx.db, ST_MARYS))[0]!.id;
    const [home] = await ctx.db.select().from(users).where(eq(users.id, nurseId));
    const fleet = await createFleet(ctx.db, home!.groupId!, [nurseId, colleague]);
    const e = eventsFor(fleet);
    // Two-hour visits, so a wash at one door is outside the other's window (at most an hour each,
    // docs/METRICS.md '3. Visits and opportunities'); a wash at the door's instant always counts.
    const visit = (userId: number, day: string, washed: { entry: boolean; exit: boolean }) => [
      ...e.visit(userId, `${day}T08:00:00Z`, `${day}T10:00:00Z`),
      ...(washed.entry ? [e.dispense(userId, `${day}T08:00:00Z`)] : []),
      ...(washed.exit ? [e.dispense(userId, `${day}T10:00:00Z`)] : []),
    ];
    const both = { entry: true, exit: true };
    const entryOnly = { entry: true, exit: false };
    await ingest(ctx.db, [
      // Week of 6 January: 2 of 2, fewer opportunities than 17 February's 4 of 4.
      ...visit(nurseId, '2025-01-07', both),
      // Week of 17 February: 4 of 4, her best.
      ...visit(nurseId, '2025-02-17', both),
      ...visit(nurseId, '2025-02-19', both),
      // Week of 24 February: 1 of 2.
      ...visit(nurseId, '2025-02-25', entryOnly),
      // Week of 3 March: 3 of 4, and a colleague's 6 of 6 in the same rooms, which is not hers.
      ...visit(nurseId, '2025-03-04', both),
      ...visit(nurseId, '2025-03-06', entryOnly),
      ...visit(colleague, '2025-03-04', both),
      ...visit(colleague, '2025-03-05', both),
      ...visit(colleague, '2025-03-06', both),
      // This week: 1 of 2 by today; tomorrow's 2 of 2 is after the day asked for.
      ...visit(nurseId, '2025-03-11', entryOnly),
      ...visit(nurseId, '2025-03-13', both),
      // Before the twelve weeks: not shown, not in the earlier weeks.
      ...visit(nurseId, '2024-12-18', entryOnly),
    ]);
  });
  afterAll(() => ctx.close());

  it('gives her own twelve UTC weeks, her best week, and this week against the weeks before', async () => {
    const { status, body } = await ownPast(nurse);
    expect(status).toBe(200);
    const past = body as OwnPast;
    expect(past.weeks).toHaveLength(12);
    expect(past.weeks[0]).toMatchObject({ week: '2024-12-23', end: '2024-12-29' });
    expect(past.weeks.at(-1)).toEqual({ week: '2025-03-10', end: TODAY, opportunities: 2, compliantEvents: 1, complianceTotal: 0.5 });
    const byWeek = Object.fromEntries(past.weeks.map((w) => [w.week, [w.compliantEvents, w.opportunities]]));
    expect(byWeek).toMatchObject({ '2025-01-06': [2, 2], '2025-02-17': [4, 4], '2025-02-24': [1, 2], '2025-03-03': [3, 4] });
    // Weeks without opportunities show none, and no ratio.
    expect(past.weeks.find((w) => w.week === '2025-01-13')).toMatchObject({ opportunities: 0, complianceTotal: null });
    // Best: the highest compliance, the week with more opportunities on a tie.
    expect(past.bestWeek).toMatchObject({ week: '2025-02-17', complianceTotal: 1, opportunities: 4 });
    // The eleven weeks before this one together: 10 of 12.
    expect(past.earlierWeeks).toEqual({ opportunities: 12, compliantEvents: 10, complianceTotal: 10 / 12 });
    expect(past.change).toBeCloseTo(0.5 - 10 / 12, 10);
    expect(past.goalPercent).toBeNull();
  });

  it('gives each week the compliance card’s figure of that week, as the User Overview reads it', async () => {
    const past = (await ownPast(nurse)).body as OwnPast;
    for (const week of past.weeks.slice(-4)) {
      const card = await getReport(ctx.app, nurse.idToken, 'compliance/user/dashboard', { startDate: week.week, endDate: week.end });
      expect(card.body.complianceTotal.value, week.week).toBe(week.complianceTotal);
      expect(card.body.opportunities.value, week.week).toBe(week.opportunities);
    }
  });

  it('is always the caller’s own: another caller gets theirs, and naming a person is refused', async () => {
    const theirs = (await ownPast(admin)).body as OwnPast;
    expect(theirs.weeks.every((w) => w.opportunities === 0)).toBe(true);
    expect(theirs.bestWeek).toBeNull();
    // A colleague's week shows in nobody's answer but theirs: the nurse's 3 March week is hers alone.
    const manager = await getPersonalReport(ctx.app, admin.idToken, 'compliance/user/dashboard', { userId: colleague, startDate: '2025-03-03', endDate: '2025-03-09' });
    expect(manager.body.opportunities.value).toBe(6);
    for (const userId of [colleague, nurseId]) {
      const named = await ownPast(admin, { date: TODAY, userId });
      expect(named.status).toBe(400);
      expect(named.body.message).toMatch(/unknown parameter 'userId': these figures are always your own/);
    }
  });

  it('audits the read as a read of her own data, asking no purpose', async () => {
    await ownPast(nurse);
    expect(await lastEvent()).toMatchObject({
      actorUserId: nurseId,
      personUserId: nurseId,
      action: 'read',
      route: '/api/compliance/own-past',
      status: 200,
      page: '/app/reports/user-overview',
      purpose: null,
    });
  });

  it('keeps the goal she sets herself, for her alone, and clears it', async () => {
    const saved = await setGoal(nurse, { goalPercent: 85 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ goalPercent: 85 });
    expect(await lastEvent()).toMatchObject({ actorUserId: nurseId, action: 'write', method: 'PUT', route: '/api/compliance/own-goal', status: 200 });
    expect(((await ownPast(nurse)).body as OwnPast).goalPercent).toBe(85);
    const [row] = await ctx.db.select({ goal: users.ownGoalPercent }).from(users).where(eq(users.id, nurseId));
    expect(row?.goal).toBe(85);
    // The administrator's goal is their own: unset, and setting it leaves hers.
    expect(((await ownPast(admin)).body as OwnPast).goalPercent).toBeNull();
    expect((await setGoal(admin, { goalPercent: 60 })).statusCode).toBe(200);
    expect(((await ownPast(nurse)).body as OwnPast).goalPercent).toBe(85);
    // The edges, then cleared.
    for (const goalPercent of [1, 100, null]) {
      expect((await setGoal(nurse, { goalPercent })).json()).toEqual({ goalPercent });
    }
    expect(((await ownPast(nurse)).body as OwnPast).goalPercent).toBeNull();
  });

  it('refuses a malformed goal or day with 400 and a clear message, changing nothing', async () => {
    expect((await setGoal(nurse, { goalPercent: 70 })).statusCode).toBe(200);
    const cases: [unknown, RegExp][] = [
      [{ goalPercent: 0 }, /^must be a whole number from 1 to 100 \(body\/goalPercent\)$/],
      [{ goalPercent: 101 }, /must be a whole number from 1 to 100/],
      [{ goalPercent: 85.5 }, /must be a whole number from 1 to 100/],
      [{ goalPercent: '85' }, /must be a whole number from 1 to 100/],
      [{}, /must be a whole number from 1 to 100/],
      [{ goalPercent: 85, userId: colleague }, /unknown field 'userId'/],
      [[85], /expected object|Invalid input/],
    ];
    for (const [body, message] of cases) {
      const res = await setGoal(nurse, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toMatch(message);
    }
    const [row] = await ctx.db.select({ goal: users.ownGoalPercent }).from(users).where(eq(users.id, nurseId));
    expect(row?.goal).toBe(70);
    for (const date of ['2025-02-30', '12-03-2025', '1999-12-31']) {
      const res = await ownPast(nurse, { date });
      expect(res.status, date).toBe(400);
      expect(res.body.message, date).toMatch(/must be a date \(YYYY-MM-DD\)|must be a day from 2000-01-01/);
    }
  });

  it('is the User Overview’s: refused to a caller who may not open it', async () => {
    const reporter = await createScopedAccount(ctx.db, { subjects: ['COMPLIANCE'], groupIds: [DEMO_GROUP_IDS.stMarys], label: 'own-past-no-overview' });
    expect((await ownPast(reporter.tokens)).status).toBe(403);
    expect((await setGoal(reporter.tokens, { goalPercent: 80 })).statusCode).toBe(403);
    const [row] = await ctx.db.select({ goal: users.ownGoalPercent }).from(users).where(eq(users.id, reporter.user.id));
    expect(row?.goal).toBeNull();
  });
});
