import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCATION_MESSAGE, organizationTreeSchema } from '../../../../server/src/contracts/organizations';
import { organizations } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { call, createHospitalAdmin, ICU_NORTH, RIVERSIDE_ICU, RIVERSIDE_ORG, ST_MARYS_GROUP, ST_MARYS_ICU_ORG, ST_MARYS_ORG } from './accounts-client';

describe('organizations', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let manager: Tokens;
  /** Manages St. Mary's only (a network user, account type LAVO). */
  let stMarys: Tokens;

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, manager] = await Promise.all([signIn('admin@demo.health'), signIn('manager@demo.health')]);
    stMarys = (await createHospitalAdmin(ctx.db, ST_MARYS_ORG, 'org-stmarys')).tokens;
  });
  afterAll(() => ctx.close());

  const department = (over: Record<string, unknown> = {}) => ({
    parentId: ST_MARYS_ORG,
    name: "St. Mary's Oncology",
    type: 'DEPARTMENT',
    accountType: 'PRO',
    settings: { defaultLocationId: null },
    ...over,
  });

  it('shows the admin the whole tree, every node with actions', async () => {
    const res = await call(ctx.app, admin, 'GET', 'organizations');
    expect(res.status).toBe(200);
    const { data } = organizationTreeSchema.parse(res.body);
    expect(data.map((o) => o.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(data.every((o) => o.accessible)).toBe(true);
  });

  it("shows a hospital's administrator their hospital's subtree, with the ancestors above it without actions", async () => {
    const { data } = organizationTreeSchema.parse((await call(ctx.app, stMarys, 'GET', 'organizations')).body);
    expect(data.map((o) => [o.id, o.accessible])).toEqual([
      [1, false],
      [2, false],
      [3, true],
      [5, true],
      [6, true],
      [7, true],
      [8, true],
    ]);
  });

  it('refuses a PRO account (the page is LAVO only) with 403', async () => {
    expect((await call(ctx.app, manager, 'GET', 'organizations')).status).toBe(403);
    expect((await call(ctx.app, manager, 'POST', 'organizations', department())).status).toBe(403);
  });

  it('adds a child organization and edits it, keeping its parent', async () => {
    const created = await call(ctx.app, stMarys, 'POST', 'organizations', department());
    expect(created.status).toBe(200);
    const id = (created.body as { id: number }).id;
    expect(created.body).toMatchObject({ parentId: ST_MARYS_ORG, name: "St. Mary's Oncology", accountType: 'PRO', accessible: true });
    const edited = await call(ctx.app, stMarys, 'POST', 'organizations', department({ id, name: "St. Mary's Oncology & Infusion", accountType: 'BASIC' }));
    expect(edited.status).toBe(200);
    const [row] = await ctx.db.select().from(organizations).where(eq(organizations.id, id));
    expect(row).toMatchObject({ name: "St. Mary's Oncology & Infusion", accountType: 'BASIC', parentId: ST_MARYS_ORG });
    const moved = await call(ctx.app, stMarys, 'POST', 'organizations', department({ id, parentId: ST_MARYS_ICU_ORG }));
    expect(moved.status).toBe(400);
  });

  it('keeps the observation audits’ match tolerance an organization sets, 60 s until it sets one, and refuses one out of range', async () => {
    const created = await call(ctx.app, stMarys, 'POST', 'organizations', department({ name: "St. Mary's Wound Care" }));
    const id = (created.body as { id: number; settings: { auditMatchToleranceSeconds: number } }).id;
    expect(created.body).toMatchObject({ settings: { auditMatchToleranceSeconds: 60 } });
    const set = await call(ctx.app, stMarys, 'POST', 'organizations', department({ id, name: "St. Mary's Wound Care", settings: { defaultLocationId: null, auditMatchToleranceSeconds: 90 } }));
    expect(set).toMatchObject({ status: 200, body: { settings: { auditMatchToleranceSeconds: 90 } } });
    for (const bad of [5, 601, 12.5, '90']) {
      const refused = await call(ctx.app, stMarys, 'POST', 'organizations', department({ id, settings: { defaultLocationId: null, auditMatchToleranceSeconds: bad } }));
      expect(refused.status, String(bad)).toBe(400);
      expect(JSON.stringify(refused.body), String(bad)).toContain('must be a whole number from 10 to 600');
    }
    // An edit that leaves it out keeps it.
    await call(ctx.app, stMarys, 'POST', 'organizations', department({ id, name: "St. Mary's Wound Care Center" }));
    const [row] = await ctx.db.select().from(organizations).where(eq(organizations.id, id));
    expect(row?.auditMatchToleranceSeconds).toBe(90);
  });

  it("answers 404 for another hospital's organization, as if it did not exist, and changes nothing", async () => {
    const edit = await call(ctx.app, stMarys, 'POST', 'organizations', { id: RIVERSIDE_ORG, parentId: 2, name: 'Taken over', type: 'HOSPITAL', accountType: 'BASIC', settings: { defaultLocationId: RIVERSIDE_ICU } });
    expect(edit.status).toBe(404);
    const child = await call(ctx.app, stMarys, 'POST', 'organizations', department({ parentId: RIVERSIDE_ORG, accountType: 'BASIC' }));
    expect(child.status).toBe(404);
    const [row] = await ctx.db.select().from(organizations).where(eq(organizations.id, RIVERSIDE_ORG));
    expect(row?.name).toBe('Riverside General Hospital');
  });

  it('keeps top-level organizations to the provider', async () => {
    const top = department({ parentId: null, name: 'Lakeside Health', type: 'NETWORK', accountType: 'PRO', settings: { defaultLocationId: ST_MARYS_GROUP } });
    expect((await call(ctx.app, stMarys, 'POST', 'organizations', top)).status).toBe(403);
    const res = await call(ctx.app, admin, 'POST', 'organizations', top);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ parentId: 1, type: 'NETWORK' });
  });

  it('never gives a child an account type above its parent, nor the provider type', async () => {
    const above = await call(ctx.app, stMarys, 'POST', 'organizations', department({ accountType: 'LAVO' }));
    expect(above.status).toBe(400);
    expect((above.body as { message: string }).message).toMatch(/parent organization's \(PRO\)/);
    expect((await call(ctx.app, admin, 'POST', 'organizations', department({ type: 'PROVIDER' }))).status).toBe(400);
  });

  it('requires a default location among the organization’s locations for networks and hospitals', async () => {
    const none = await call(ctx.app, stMarys, 'POST', 'organizations', department({ type: 'HOSPITAL' }));
    expect(none.status).toBe(400);
    expect((none.body as { message: string }).message).toContain(DEFAULT_LOCATION_MESSAGE);
    // St. Mary's ICU owns ICU – 3 North: another unit of St. Mary's is not one of its locations.
    const icu = { id: ST_MARYS_ICU_ORG, parentId: ST_MARYS_ORG, name: "St. Mary's ICU", type: 'DEPARTMENT', accountType: 'PRO' };
    expect((await call(ctx.app, stMarys, 'POST', 'organizations', { ...icu, settings: { defaultLocationId: 8 } })).status).toBe(400);
    expect((await call(ctx.app, stMarys, 'POST', 'organizations', { ...icu, settings: { defaultLocationId: RIVERSIDE_ICU } })).status).toBe(404);
    expect((await call(ctx.app, stMarys, 'POST', 'organizations', { ...icu, settings: { defaultLocationId: ICU_NORTH } })).status).toBe(200);
  });

  it('refuses malformed forms with 400 and a message', async () => {
    for (const body of [department({ name: '  ' }), department({ accountType: 'GOLD' }), department({ extra: 1 }), department({ parentId: 2 ** 31 })]) {
      const res = await call(ctx.app, admin, 'POST', 'organizations', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as { message: string }).message).toMatch(/\S/);
    }
  });
});
