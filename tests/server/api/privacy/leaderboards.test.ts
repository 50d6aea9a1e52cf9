import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../../../server/src/db/schema';
import { saveOrganizationSettings } from '../../helpers/organization-settings';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { createFleet, eventsFor, ingest } from '../../helpers/fleet';
import { ST_MARYS, staffOf } from '../../helpers/staff';
import { call } from '../accounts/accounts-client';
import { getReport } from '../reports/report-client';

// docs/PRIVACY.md 'No leaderboards': an organization that turns them off has its people in no
// user ranking, nor those of the organizations below it; the other figures stay.

/** ICU – 3 North, of St. Mary's ICU (organization 5, under St. Mary's Hospital, organization 3). */
const ICU = 6;
const ICU_ORG = 5;
const HOSPITAL = 3;
const DAY = '2025-06-02';

describe('no leaderboards', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let staff: number[];

  const ranked = async () =>
    ((await getReport(ctx.app, admin.idToken, 'compliance/ranking/users', { groupIds: [ICU], startDate: DAY, endDate: DAY })).body as { userId: number }[]).map((r) => r.userId);
  const opportunities = async () =>
    (await getReport(ctx.app, admin.idToken, 'compliance/overview-stats', { groupIds: [ICU], startDate: DAY, endDate: DAY })).body.opportunities.value as number;
  const setHidden = (organizationId: number, hideLeaderboards: boolean) => saveOrganizationSettings(ctx.app, ctx.db, admin, organizationId, { hideLeaderboards });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn('admin@demo.health');
    staff = (await staffOf(ctx.db, ST_MARYS)).filter((u) => u.organizationId === ICU_ORG).map((u) => u.id).slice(0, 2);
    const e = eventsFor(await createFleet(ctx.db, ICU, staff));
    await ingest(ctx.db, [...e.visit(staff[0]!, `${DAY}T10:00:00Z`, `${DAY}T10:05:00Z`), ...e.visit(staff[1]!, `${DAY}T11:00:00Z`, `${DAY}T11:05:00Z`)]);
  });
  afterAll(() => ctx.close());

  it('ranks the unit’s people while leaderboards are on', async () => {
    expect((await ranked()).sort()).toEqual([...staff].sort());
  });

  it('leaves the people of an organization that turned them off, and of those below it, out of every ranking; the figures stay', async () => {
    const before = await opportunities();
    const hidden = await setHidden(HOSPITAL, true);
    expect(hidden).toMatchObject({ status: 200, body: { settings: { hideLeaderboards: true } } });
    // The ICU's people belong to an organization below the hospital.
    expect(await ranked()).toEqual([]);
    expect(await opportunities()).toBe(before);
    // The session says so, for the app to hide its Top 10.
    const tree = (await call(ctx.app, admin, 'GET', 'organizations')).body as { data: { id: number; settings: { hideLeaderboards: boolean } }[] };
    expect(tree.data.find((o) => o.id === HOSPITAL)?.settings.hideLeaderboards).toBe(true);
    expect(tree.data.find((o) => o.id === ICU_ORG)?.settings.hideLeaderboards).toBe(false);

    expect((await setHidden(HOSPITAL, false)).status).toBe(200);
    expect((await ranked()).sort()).toEqual([...staff].sort());
  });

  it('refuses a setting that is not true or false, changing nothing', async () => {
    const [row] = await ctx.db.select().from(organizations).where(eq(organizations.id, ICU_ORG));
    const res = await call(ctx.app, admin, 'POST', 'organizations', {
      id: row!.id,
      parentId: row!.parentId,
      name: row!.name,
      type: row!.type,
      accountType: row!.accountType,
      settings: { defaultLocationId: row!.defaultLocationId, hideLeaderboards: 'yes' },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/hideLeaderboards must be true or false/);
    const [after] = await ctx.db.select().from(organizations).where(eq(organizations.id, ICU_ORG));
    expect(after?.hideLeaderboards).toBe(false);
  });
});
