import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOORPLAN_MAX_BYTES, FLOORPLAN_TYPE_MESSAGE, groupTreeSchema } from '../../../../server/src/contracts/organizations';
import { groups } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import {
  call,
  createHospitalAdmin,
  ICU_NORTH,
  MAIN_TOWER,
  NETWORK_GROUP,
  postGroupForm,
  RIVERSIDE_ICU,
  RIVERSIDE_ORG,
  ST_MARYS_GROUP,
  ST_MARYS_ICU_ORG,
  ST_MARYS_ORG,
  TINY_PNG,
  unitFields,
} from './accounts-client';

const png = (bytes = TINY_PNG, fileName = 'plan.png', contentType = 'image/png') => ({ name: 'floorplan', fileName, contentType, bytes });

describe('locations', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let stMarys: Tokens;
  let riverside: Tokens;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn('admin@demo.health');
    stMarys = (await createHospitalAdmin(ctx.db, ST_MARYS_ORG, 'loc-stmarys')).tokens;
    riverside = (await createHospitalAdmin(ctx.db, RIVERSIDE_ORG, 'loc-riverside')).tokens;
  });
  afterAll(() => ctx.close());

  const locationCount = async () => (await ctx.db.select({ n: count() }).from(groups))[0]?.n;

  it("shows a hospital's administrator their hospital's locations, with the network above them without actions", async () => {
    const res = await call(ctx.app, stMarys, 'GET', 'groups');
    expect(res.status).toBe(200);
    const { data } = groupTreeSchema.parse(res.body);
    expect(data.find((g) => g.id === NETWORK_GROUP)?.accessible).toBe(false);
    expect(data.filter((g) => g.accessible).map((g) => g.id)).toEqual([2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(data.some((g) => g.id === RIVERSIDE_ICU)).toBe(false);
  });

  it('adds a child location with a png floor plan and serves the plan back to callers of its scope only', async () => {
    const res = await postGroupForm(ctx.app, stMarys, unitFields(ICU_NORTH, ST_MARYS_ICU_ORG, 'ICU – 3 North Annex'), [png()]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ parentId: ICU_NORTH, organizationId: ST_MARYS_ICU_ORG, name: 'ICU – 3 North Annex', shiftLengthHours: 8, mapScale: 1 });
    // ICU – 3 North is not a top location: its child's visit duration is inherited, whatever the form said.
    expect(res.body.requiredVisitDuration).toBe(30);
    const address = res.body.floorplanImage as string;
    expect(address).toMatch(/^\/api\/groups\/\d+\/floorplan\/[a-f0-9]{16}\.png$/);
    const image = await ctx.app.inject({ method: 'GET', url: address, headers: { authorization: stMarys.idToken } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.rawPayload, TINY_PNG)).toBe(0);
    const other = await ctx.app.inject({ method: 'GET', url: address, headers: { authorization: riverside.idToken } });
    expect(other.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: address });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a floor plan that is not png or jpeg by its content, whatever its name, and adds nothing', async () => {
    const before = await locationCount();
    const res = await postGroupForm(ctx.app, stMarys, unitFields(ICU_NORTH, ST_MARYS_ICU_ORG, 'Disguised'), [png(Buffer.from('GIF89a not really a png'), 'plan.png')]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(FLOORPLAN_TYPE_MESSAGE);
    expect(await locationCount()).toBe(before);
  });

  it('takes a jpeg, and refuses a plan past the size limit with 413', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]);
    const ok = await postGroupForm(ctx.app, stMarys, { ...unitFields(ICU_NORTH, ST_MARYS_ICU_ORG, 'Jpeg unit') }, [png(jpeg, 'plan.jpg', 'image/jpeg')]);
    expect(ok.status).toBe(200);
    expect(ok.body.floorplanImage).toMatch(/\.jpg$/);
    const before = await locationCount();
    const huge = Buffer.concat([TINY_PNG, Buffer.alloc(FLOORPLAN_MAX_BYTES)]);
    const res = await postGroupForm(ctx.app, stMarys, unitFields(ICU_NORTH, ST_MARYS_ICU_ORG, 'Too big'), [png(huge)]);
    expect(res.status).toBe(413);
    expect(await locationCount()).toBe(before);
  });

  it('edits a location; its visit duration only when its parent is the root; never its parent', async () => {
    const hospital = { ...unitFields(NETWORK_GROUP, ST_MARYS_ORG, "St. Mary's Hospital"), id: ST_MARYS_GROUP, type: 'HOSPITAL', requiredVisitDuration: 45 };
    const edited = await postGroupForm(ctx.app, stMarys, hospital);
    expect(edited.status).toBe(200);
    expect(edited.body.requiredVisitDuration).toBe(45);
    const tower = { ...unitFields(ST_MARYS_GROUP, ST_MARYS_ORG, 'Main Tower'), id: MAIN_TOWER, type: 'BUILDING', requiredVisitDuration: 99 };
    const towerRes = await postGroupForm(ctx.app, stMarys, tower);
    expect(towerRes.status).toBe(200);
    expect(towerRes.body.requiredVisitDuration).toBe(30);
    const moved = await postGroupForm(ctx.app, stMarys, { ...tower, parentId: 5 });
    expect(moved.status).toBe(400);
    const [row] = await ctx.db.select().from(groups).where(eq(groups.id, MAIN_TOWER));
    expect(row?.parentId).toBe(ST_MARYS_GROUP);
  });

  it("answers 404 for another hospital's location or organization and changes nothing", async () => {
    const edit = await postGroupForm(ctx.app, stMarys, { ...unitFields(3, 9, 'Taken over'), id: RIVERSIDE_ICU });
    expect(edit.status).toBe(404);
    const child = await postGroupForm(ctx.app, stMarys, unitFields(RIVERSIDE_ICU, 9, 'Planted'));
    expect(child.status).toBe(404);
    const [row] = await ctx.db.select().from(groups).where(eq(groups.id, RIVERSIDE_ICU));
    expect(row?.name).toBe('ICU – 2 North');
  });

  it('refuses a form without its required fields or with an unknown time zone with 400', async () => {
    const base = unitFields(ICU_NORTH, ST_MARYS_ICU_ORG, 'Incomplete');
    const { address: _address, ...noAddress } = base;
    for (const fields of [noAddress, { ...base, name: '' }, { ...base, timeZone: 'Mars/Olympus' }, { ...base, shiftLengthHours: 'eight' }, { ...base, beforeExitSecondsToComply: 0 }]) {
      const res = await postGroupForm(ctx.app, stMarys, fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.message).toMatch(/\S/);
    }
  });

  it('takes the same form as JSON, and refuses numbers written as text there', async () => {
    const fields = { ...unitFields(ICU_NORTH, ST_MARYS_ICU_ORG, 'By JSON') };
    expect((await call(ctx.app, admin, 'POST', 'groups', fields)).status).toBe(200);
    expect((await call(ctx.app, admin, 'POST', 'groups', { ...fields, shiftLengthHours: '8' })).status).toBe(400);
  });
});
