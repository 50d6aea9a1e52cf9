import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, bedEvents, jobs, organizations, presenceEvents } from '../../../../server/src/db/schema';
import { deriveBetween } from '../../../../server/src/modules/metrics/derive';
import { purgeExpiredEvents, purgeHorizon, queueRetention, RETENTION_JOB } from '../../../../server/src/modules/ingest/retention';
import { retentionRules } from '../../../../server/src/modules/ingest/retention.repo';
import { saveOrganizationSettings } from '../../helpers/organization-settings';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { derivedChecksums } from '../../helpers/db-checksum';
import { createFleet, eventsFor, ingest, type Fleet } from '../../helpers/fleet';
import { ST_MARYS, staffOf } from '../../helpers/staff';
import { call } from '../accounts/accounts-client';

// docs/PRIVACY.md 'Retention': raw presence and bed events older than an organization keeps them
// are purged daily; the derived figures stay exactly as they were, whatever is derived after.

/** ICU – 3 North, of St. Mary's ICU (organization 5, under St. Mary's Hospital, organization 3). */
const ICU = 6;
const ICU_ORG = 5;
const HOSPITAL = 3;
/** The purge's day, and the horizon 30 days of retention give it. */
const DAY = '2026-03-01';
const HORIZON = purgeHorizon(DAY, 30);

describe('retention', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let fleet: Fleet;
  let wearer: number;
  let other: number;

  const rawOf = async (table: typeof presenceEvents | typeof bedEvents, before: boolean) =>
    (await ctx.db.select({ ts: table.ts }).from(table).where(and(inArray(table.userId, [wearer, other]), before ? lt(table.ts, HORIZON) : gte(table.ts, HORIZON)))).length;
  const setRetention = (organizationId: number, retentionDays: unknown) => saveOrganizationSettings(ctx.app, ctx.db, admin, organizationId, { retentionDays });
  const purgeRows = () => ctx.db.select().from(auditEvents).where(eq(auditEvents.route, 'retention-purge'));

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn('admin@demo.health');
    [wearer, other] = (await staffOf(ctx.db, ST_MARYS)).filter((u) => u.organizationId === ICU_ORG).map((u) => u.id) as [number, number];
    fleet = await createFleet(ctx.db, ICU, [wearer, other]);
    const e = eventsFor(fleet);
    const h = HORIZON.getTime();
    const at = (minutes: number) => new Date(h + minutes * 60_000);
    await ingest(ctx.db, [
      // Two days before the horizon: a compliant visit, a bed stay and a contact.
      ...e.visit(wearer, at(-2 * 1440 + 600), at(-2 * 1440 + 612)),
      e.dispense(wearer, at(-2 * 1440 + 599)),
      ...e.bed(wearer, at(-2 * 1440 + 601), at(-2 * 1440 + 610)),
      ...e.visit(other, at(-2 * 1440 + 603), at(-2 * 1440 + 615)),
      // A visit across the horizon, and wristband washes soon after it (placed by that presence).
      ...e.visit(wearer, at(-30), at(20)),
      e.wash(wearer, at(25)),
      e.wash(wearer, at(5 * 60)),
      // After the horizon.
      ...e.visit(wearer, at(600), at(610)),
      e.dispense(wearer, at(611)),
      ...e.bed(wearer, at(601), at(605)),
      ...e.visit(other, at(602), at(609)),
    ]);
  });
  afterAll(() => ctx.close());

  it('keeps 400 days unless an organization sets another, from 30 to 3650, the shortest above it applying', async () => {
    const [row] = await ctx.db.select().from(organizations).where(eq(organizations.id, ICU_ORG));
    expect(row!.retentionDays).toBe(400);
    const refused = await setRetention(ICU_ORG, 10);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('must be a whole number from 30 to 3650 (body/settings/retentionDays)');
    expect((await setRetention(ICU_ORG, 'soon')).status).toBe(400);
    expect(await setRetention(ICU_ORG, 90)).toMatchObject({ status: 200, body: { settings: { retentionDays: 90 } } });
    expect(await setRetention(HOSPITAL, 30)).toMatchObject({ status: 200, body: { settings: { retentionDays: 30 } } });
    const rules = await retentionRules(ctx.db);
    // The hospital's 30 days hold for the ICU below it, though the ICU says 90.
    expect(rules.find((r) => r.organizationId === ICU_ORG)).toMatchObject({ retentionDays: 30, groupIds: expect.arrayContaining([ICU]) });
  });

  it('purges the raw presence and bed events before the horizon and leaves every derived row as it was, recording the purge', async () => {
    const before = await derivedChecksums(ctx.db);
    expect(await rawOf(presenceEvents, true)).toBe(5);
    expect(await rawOf(bedEvents, true)).toBe(2);

    const outcomes = await purgeExpiredEvents(ctx.db, DAY);
    expect(outcomes.find((o) => o.organizationId === ICU_ORG)).toEqual({ organizationId: ICU_ORG, purgedBefore: HORIZON, presenceEvents: 5, bedEvents: 2 });
    expect(await rawOf(presenceEvents, true)).toBe(0);
    expect(await rawOf(bedEvents, true)).toBe(0);
    expect(await rawOf(presenceEvents, false)).toBe(5);
    expect(await rawOf(bedEvents, false)).toBe(2);
    expect(await derivedChecksums(ctx.db)).toEqual(before);

    const [row] = (await purgeRows()).filter((r) => r.target.organizationId === ICU_ORG);
    expect(row).toMatchObject({ actorUserId: 0, action: 'write', method: 'JOB', personUserId: null, target: { purgedBefore: HORIZON.toISOString(), retentionDays: 30, presenceEvents: 5, bedEvents: 2 } });
  });

  it('derives again from what is left without changing a derived row', async () => {
    const before = await derivedChecksums(ctx.db);
    await deriveBetween(ctx.db, new Date(HORIZON.getTime() - 7 * 86_400_000), new Date(HORIZON.getTime() + 7 * 86_400_000));
    expect(await derivedChecksums(ctx.db)).toEqual(before);
  });

  it('leaves the days before the horizon final under late events, and derives those after it', async () => {
    const e = eventsFor(fleet);
    const before = await derivedChecksums(ctx.db);
    // A late wash and a late visit just before the horizon change nothing derived.
    const earlier = (minutes: number) => new Date(HORIZON.getTime() - minutes * 60_000);
    await ingest(ctx.db, [e.wash(wearer, earlier(35)), ...e.visit(other, earlier(50), earlier(40))]);
    expect(await derivedChecksums(ctx.db)).toEqual(before);
    // A late visit a day after it is derived as always.
    const visits = async () => Number((await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from visits where user_id = ${other}`)).rows[0]?.n);
    const counted = await visits();
    await ingest(ctx.db, e.visit(other, new Date(HORIZON.getTime() + 1440 * 60_000), new Date(HORIZON.getTime() + 1450 * 60_000)));
    expect(await visits()).toBe(counted + 1);
  });

  it('removes nothing more when run again, and records no second purge', async () => {
    const rows = (await purgeRows()).length;
    const outcomes = await purgeExpiredEvents(ctx.db, DAY);
    // The late visit before the horizon is all there is left to purge.
    expect(outcomes.find((o) => o.organizationId === ICU_ORG)).toMatchObject({ presenceEvents: 2, bedEvents: 0 });
    expect(await purgeExpiredEvents(ctx.db, DAY)).toEqual([]);
    expect((await purgeRows()).length).toBe(rows + 1);
  });

  it('shows the purge in the audit trail to the hospital’s administrators, by the scheduled job’s name', async () => {
    const res = await call(ctx.app, admin, 'GET', 'audit-events?take=50');
    expect(res.status).toBe(200);
    const purge = (res.body as { data: { route: string; actor: { id: number; name: string }; target: { organizationId?: number } }[] }).data.find((r) => r.route === 'retention-purge');
    expect(purge).toMatchObject({ actor: { id: 0, name: 'Lavo (scheduled)' }, target: { organizationId: ICU_ORG } });
  });

  it('queues one purge a day, however many servers look', async () => {
    const wake = { wake: () => undefined };
    const now = new Date(`${DAY}T05:00:00Z`);
    expect(await queueRetention(ctx.db, wake, now)).toBe(true);
    expect(await queueRetention(ctx.db, wake, new Date(`${DAY}T06:00:00Z`))).toBe(false);
    const queued = await ctx.db.select().from(jobs).where(eq(jobs.kind, RETENTION_JOB));
    expect(queued.map((j) => j.payload)).toEqual([{ day: DAY, key: DAY }]);
  });
});
