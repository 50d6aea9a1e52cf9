import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_CATALOGUE, STORED_KIND_IDS } from '../../../../server/src/contracts/data-catalogue';
import type { PrivacyDescription } from '../../../../server/src/contracts/privacy';
import { auditEvents, devices, groups, organizations, users, zones } from '../../../../server/src/db/schema';
import { DEMO_ORG_IDS } from '../../../../server/src/db/seed';
import { retentionRules } from '../../../../server/src/modules/ingest/retention.repo';
import { leaderboardHidden } from '../../../../server/src/modules/metrics/ranking.repo';
import { createTestApp, signIn, type Tokens, userIdOf } from '../../helpers/app';
import { getReport } from '../reports/report-client';

// docs/PRIVACY.md 'The description for the works council': the description states the live
// configuration of an organization and everything below it, to those who read the audit trail,
// within their scope, and reading it is on the trail.

/** ICU – 3 North, a location of St. Mary's ICU (organization 5, under St. Mary's Hospital). */
const ICU_NORTH = 6;
const ST_MARYS_ICU_ORG = 5;

describe('the privacy description', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let manager: Tokens;
  let nurse: Tokens;
  let managerId: number;

  const describeAs = async (tokens: Tokens, organizationId: number) => getReport(ctx.app, tokens.idToken, 'privacy/description', { organizationId });
  const stMarys = async () => {
    const res = await describeAs(manager, DEMO_ORG_IDS.stMarys);
    expect(res.status).toBe(200);
    return res.body as PrivacyDescription;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    manager = await signIn('manager@demo.health');
    nurse = await signIn('nurse@demo.health');
    managerId = await userIdOf(ctx.app, manager.idToken, 'manager@demo.health');
  });
  afterAll(() => ctx.close());

  it('states the retention, leaderboards, group-only units and private zones as the database holds them now', async () => {
    const before = await stMarys();
    expect(before.organization).toEqual({ id: DEMO_ORG_IDS.stMarys, name: expect.any(String) });
    expect(before.settings.noLeaderboards).toBe(false);
    expect(before.groupOnlyUnits.map((g) => g.id)).not.toContain(ICU_NORTH);

    const [zone] = await ctx.db.select().from(zones).where(and(eq(zones.groupId, ICU_NORTH), eq(zones.type, 'PATIENT_ROOM'))).limit(1);
    await ctx.db.update(organizations).set({ retentionDays: 120 }).where(eq(organizations.id, DEMO_ORG_IDS.network));
    await ctx.db.update(organizations).set({ retentionDays: 300 }).where(eq(organizations.id, DEMO_ORG_IDS.stMarys));
    await ctx.db.update(organizations).set({ retentionDays: 45 }).where(eq(organizations.id, ST_MARYS_ICU_ORG));
    await ctx.db.update(organizations).set({ hideLeaderboards: true }).where(eq(organizations.id, DEMO_ORG_IDS.network));
    await ctx.db.update(groups).set({ groupOnly: true }).where(eq(groups.id, ICU_NORTH));
    await ctx.db.update(zones).set({ type: 'PRIVATE' }).where(eq(zones.id, zone!.id));

    const after = await stMarys();
    // The network above keeps fewer days than St. Mary's own setting: its limit holds, as for the purge.
    expect(after.settings).toMatchObject({ retentionDays: 120, retentionSetBy: { id: DEMO_ORG_IDS.network }, noLeaderboards: true, noLeaderboardsSetBy: { id: DEMO_ORG_IDS.network } });
    const rules = await retentionRules(ctx.db);
    expect(rules.find((r) => r.organizationId === DEMO_ORG_IDS.stMarys)?.retentionDays).toBe(after.settings.retentionDays);
    expect(await leaderboardHidden(ctx.db)).toContain(DEMO_ORG_IDS.stMarys);
    // The ICU below keeps its own shorter retention.
    expect(after.organizationsBelow).toContainEqual(expect.objectContaining({ id: ST_MARYS_ICU_ORG, retentionDays: 45, noLeaderboards: true }));
    expect(after.groupOnlyUnits).toContainEqual(expect.objectContaining({ id: ICU_NORTH }));
    expect(after.privateZones).toContainEqual({ id: zone!.id, name: zone!.name, locationId: ICU_NORTH, locationName: expect.any(String) });
    // Raw presence and bed events go after the retention; everything else is kept.
    const kept = Object.fromEntries(after.storedEvents.map((e) => [e.kind, e.keptDays]));
    expect(Object.keys(kept)).toEqual(STORED_KIND_IDS);
    expect(kept).toMatchObject({ PRESENCE: 120, BED: 120, HYGIENE: null, DISPENSE: null, HEARTBEAT: null, STATION: null, DERIVED: null });

    // Turned back, the description follows at once.
    await ctx.db.update(organizations).set({ hideLeaderboards: false }).where(eq(organizations.id, DEMO_ORG_IDS.network));
    await ctx.db.update(organizations).set({ retentionDays: 400 }).where(inArray(organizations.id, [DEMO_ORG_IDS.network, DEMO_ORG_IDS.stMarys, ST_MARYS_ICU_ORG]));
    await ctx.db.update(groups).set({ groupOnly: false }).where(eq(groups.id, ICU_NORTH));
    await ctx.db.update(zones).set({ type: 'PATIENT_ROOM' }).where(eq(zones.id, zone!.id));
    const back = await stMarys();
    expect(back.settings).toMatchObject({ retentionDays: 400, retentionSetBy: { id: DEMO_ORG_IDS.stMarys }, noLeaderboards: false, noLeaderboardsSetBy: null });
    expect(back.privateZones.map((z) => z.id)).not.toContain(zone!.id);
  });

  it('counts the devices of its locations by kind with what each collects, and the templates its people hold', async () => {
    const d = await stMarys();
    // St. Mary's and its departments, one level below it in the demo.
    const orgIds = [DEMO_ORG_IDS.stMarys, ...(await ctx.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.parentId, DEMO_ORG_IDS.stMarys))).map((o) => o.id)];
    const locationIds = (await ctx.db.select({ id: groups.id }).from(groups).where(inArray(groups.organizationId, orgIds))).map((g) => g.id);
    const [active] = await ctx.db.select({ n: count() }).from(devices).where(and(eq(devices.active, true), inArray(devices.groupId, locationIds)));
    const counted = d.devices.filter((k) => k.kind !== 'FALL_DEVICE' && k.kind !== 'NFC_GATEWAY').reduce((sum, k) => sum + k.count, 0);
    expect(counted).toBe(active!.n);
    const wristbands = d.devices.find((k) => k.kind === 'WRISTBAND');
    expect(wristbands?.collects).toEqual(DEVICE_CATALOGUE.WRISTBAND.collects);
    expect(wristbands?.models.reduce((sum, m) => sum + m.count, 0)).toBe(wristbands?.count);
    expect(d.notCollected.join(' ')).toMatch(/No audio and no video/);

    // The manager's own template, held by as many active people of St. Mary's as hold it, opens the audit trail.
    const [me] = await ctx.db.select().from(users).where(eq(users.id, managerId));
    const template = d.templates.find((t) => t.id === me!.roleId);
    const holders = await ctx.db.select({ n: count() }).from(users).where(and(eq(users.roleId, me!.roleId), eq(users.active, true), inArray(users.organizationId, orgIds)));
    expect(template).toMatchObject({ users: holders[0]!.n });
    expect(template?.subjects).toContain('AUDIT_TRAIL');
    expect(template?.grants).toContain('Audit Trail');
    expect(d.purposes.map((p) => p.purpose)).toEqual(['COACHING', 'INFECTION_INVESTIGATION', 'DATA_QUALITY', 'AUDIT', 'OTHER']);
  });

  it('is recorded on the audit trail as a read about nobody', async () => {
    await stMarys();
    const [last] = await ctx.db.select().from(auditEvents).orderBy(desc(auditEvents.id)).limit(1);
    expect(last).toMatchObject({ actorUserId: managerId, action: 'read', status: 200, personUserId: null, page: '/app/accounts/privacy-description' });
  });

  it('answers 404 for an organization outside the caller’s scope and 403 to one who may not read the audit trail', async () => {
    const riverside = await describeAs(manager, DEMO_ORG_IDS.riverside);
    expect(riverside).toMatchObject({ status: 404, body: { message: 'Organization not found' } });
    expect((await describeAs(manager, 999_999)).status).toBe(404);
    expect((await describeAs(nurse, DEMO_ORG_IDS.stMarys)).status).toBe(403);
    expect((await getReport(ctx.app, manager.idToken, 'privacy/description', { organizationId: 'x' })).status).toBe(400);
  });
});
