import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { createFleet, eventsFor, ingest } from '../../helpers/fleet';
import { createScopedAccount } from '../../helpers/scoped-account';
import { RIVERSIDE, ST_MARYS, staffOf } from '../../helpers/staff';
import { getReport } from './report-client';

// Report answers are kept between calls (ARCHITECTURE.md 'Answer cache'); these hold that
// what a caller reads is never older than the events and the directory, nor someone else's.

const ICU = 6;
const RIVERSIDE_ICU = 15;

describe('kept report answers', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let staff: number[];
  let riverside: number[];
  let e: ReturnType<typeof eventsFor>;
  let r: ReturnType<typeof eventsFor>;
  const get = (path: string, query: Record<string, string | number | number[]>, tokens = admin) =>
    getReport(ctx.app, tokens.idToken, path, query).then((res) => {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn('admin@demo.health');
    staff = (await staffOf(ctx.db, ST_MARYS)).filter((u) => u.organizationId === 5).map((u) => u.id).slice(0, 3);
    riverside = (await staffOf(ctx.db, RIVERSIDE)).map((u) => u.id).slice(0, 2);
    e = eventsFor(await createFleet(ctx.db, ICU, staff));
    r = eventsFor(await createFleet(ctx.db, RIVERSIDE_ICU, riverside));
  });
  afterAll(() => ctx.close());

  it('answers a repeated call with the events that arrived since, late ones too', async () => {
    const u = staff[0] as number;
    const week = { groupIds: [ICU], startDate: '2025-05-05', endDate: '2025-05-11' };
    await ingest(ctx.db, e.visit(u, '2025-05-06T10:00:00Z', '2025-05-06T10:05:00Z'));
    const before = await get('compliance/overview-stats', week);
    expect(before.opportunities.value).toBe(2);
    expect(before.complianceTotal.value).toBe(0);
    expect(await get('compliance/overview-stats', week)).toEqual(before);
    const washesBefore = await get('dispensers/wash-count-trend', week);
    const rankingBefore = await get('compliance/ranking/users', week);

    // A gateway's late upload: the wash before the entry, and another visit later that week.
    await ingest(ctx.db, [e.dispense(u, '2025-05-06T09:59:30Z'), ...e.visit(u, '2025-05-08T14:00:00Z', '2025-05-08T14:05:00Z')]);
    const after = await get('compliance/overview-stats', week);
    expect(after.opportunities.value).toBe(4);
    expect(after.complianceTotal.value).toBe(0.25);
    const washesAfter = await get('dispensers/wash-count-trend', week);
    const washesOn = (body: { trend: { date: string; value: number }[] }) => body.trend.find((d) => d.date === '2025-05-06')?.value;
    expect(washesOn(washesAfter)).toBe((washesOn(washesBefore) ?? 0) + 1);
    const row = (body: { userId: number; opportunities: number }[]) => body.find((x) => x.userId === u);
    expect(row(await get('compliance/ranking/users', week))?.opportunities).toBe((row(rankingBefore)?.opportunities ?? 0) + 2);
    const trend = await get('compliance/trend', week);
    expect(trend.trend.find((d: { date: string }) => d.date === '2025-05-08')).toMatchObject({ opportunities: 2, compliantEvents: 0 });
  });

  it("shows a wearer's new name and organization at the next call", async () => {
    const u = staff[1] as number;
    const day = { groupIds: [ICU], startDate: '2025-07-07', endDate: '2025-07-07' };
    await ingest(ctx.db, e.visit(u, '2025-07-07T10:00:00Z', '2025-07-07T10:05:00Z'));
    const named = (body: { userId: number; name: string }[]) => body.find((x) => x.userId === u)?.name;
    expect(named(await get('compliance/ranking/users', day))).not.toBe('Renamed Nurse');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, u));
    if (!row) throw new Error('no user');
    await ctx.db.update(users).set({ firstName: 'Renamed', lastName: 'Nurse' }).where(eq(users.id, u));
    expect(named(await get('compliance/ranking/users', day))).toBe('Renamed Nurse');

    // In organization view the wearer's figures follow them to their new organization.
    const orgView = (organizationId: number) => ({ organizationIds: [organizationId], view: 'org', startDate: '2025-07-07', endDate: '2025-07-07' });
    expect((await get('compliance/overview-stats', orgView(row.organizationId))).opportunities.value).toBe(2);
    const elsewhere = row.organizationId === 4 ? 3 : 4;
    const before = (await get('compliance/overview-stats', orgView(elsewhere))).opportunities.value;
    await ctx.db.update(users).set({ organizationId: elsewhere }).where(eq(users.id, u));
    expect((await get('compliance/overview-stats', orgView(row.organizationId))).opportunities.value).toBe(0);
    expect((await get('compliance/overview-stats', orgView(elsewhere))).opportunities.value).toBe(before + 2);
    await ctx.db.update(users).set({ organizationId: row.organizationId, firstName: row.firstName, lastName: row.lastName }).where(eq(users.id, u));
  });

  it("never answers one caller with another scope's figures", async () => {
    const [u, v] = [staff[2] as number, riverside[0] as number];
    await ingest(ctx.db, [
      ...e.visit(u, '2025-09-01T10:00:00Z', '2025-09-01T10:05:00Z'),
      e.dispense(u, '2025-09-01T09:59:30Z'),
      ...r.visit(v, '2025-09-01T11:00:00Z', '2025-09-01T11:05:00Z'),
      ...r.visit(v, '2025-09-01T12:00:00Z', '2025-09-01T12:05:00Z'),
    ]);
    const stMarys = await createScopedAccount(ctx.db, { subjects: ['PERFORMANCE'], groupIds: [ICU], label: 'icu' });
    const riversideIcu = await createScopedAccount(ctx.db, { subjects: ['PERFORMANCE'], groupIds: [RIVERSIDE_ICU], label: 'riverside' });
    const same = { startDate: '2025-09-01', endDate: '2025-09-01' };
    for (let round = 0; round < 2; round++) {
      const mine = await get('compliance/overview-stats', same, stMarys.tokens);
      const theirs = await get('compliance/overview-stats', same, riversideIcu.tokens);
      expect(mine.opportunities.value).toBe(2);
      expect(mine.complianceTotal.value).toBe(0.5);
      expect(theirs.opportunities.value).toBe(4);
      expect(theirs.complianceTotal.value).toBe(0);
    }
  });
});
