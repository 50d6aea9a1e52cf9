import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLACED_DEVICES_GROUP_ID, type DeviceType } from '../../../server/src/contracts/devices';
import { GATEWAY_SETUP_GROUP_ID } from '../../../server/src/contracts/gateways';
import type { UnresponsiveDevice } from '../../../server/src/contracts/unresponsive-devices';
import { deviceModels, devices, heartbeatEvents } from '../../../server/src/db/schema';
import { DEMO_GROUP_IDS } from '../../../server/src/db/seed';
import { createTestApp, signIn, type Tokens } from '../helpers/app';
import { uniqueMac } from '../helpers/fleet';
import { createScopedAccount } from '../helpers/scoped-account';

// GET devices/group/unresponsive: the devices of the caller's locations (each with its subtree)
// that sent no heartbeat during a range of UTC days. The demo's own devices were last heard
// around the seed's reference day, so each test looks only at the devices it placed itself.

const ICU_NORTH = 6;
const RIVERSIDE_ICU = 15;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const today = () => dayOf(Date.now());
const daysAgo = (n: number) => dayOf(Date.now() - n * DAY_MS);
/** The default range of the page: yesterday and today. */
const lastTwoDays = () => ({ startDate: daysAgo(1), endDate: today() });

type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

async function list(app: TestApp, tokens: Tokens, query: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url: '/api/devices/group/unresponsive', query, headers: { authorization: tokens.idToken } });
  return { status: res.statusCode, body: res.json() };
}

describe('GET devices/group/unresponsive', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  /** UNRESPONSIVE, managing St. Mary's Hospital (and so its buildings and units). */
  let tech: Tokens;
  /** Managing St. Mary's Hospital, without UNRESPONSIVE. */
  let nurse: Tokens;
  let modelId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn('admin@demo.health');
    const groupIds = [DEMO_GROUP_IDS.stMarys];
    tech = (await createScopedAccount(ctx.db, { subjects: ['UNRESPONSIVE'], groupIds, label: 'unresponsive' })).tokens;
    nurse = (await createScopedAccount(ctx.db, { subjects: ['COMPLIANCE'], groupIds, label: 'unresponsive-nurse' })).tokens;
    const [model] = await ctx.db.insert(deviceModels).values({ name: 'Test dispenser', deviceType: 'DISPENSER' }).returning();
    modelId = model!.id;
  });
  afterAll(() => ctx.close());

  /** A device of ICU – 3 North (unless told otherwise), last heard `heardAgoMs` ago (never when null). */
  async function place(heardAgoMs: number | null, extra: Partial<typeof devices.$inferInsert> = {}) {
    const type: DeviceType = 'DISPENSER';
    const [row] = await ctx.db
      .insert(devices)
      .values({
        mac: uniqueMac(),
        type,
        name: `Dispenser ${randomUUID().slice(0, 8)}`,
        groupId: ICU_NORTH,
        modelId,
        lastHeartbeatAt: heardAgoMs === null ? null : new Date(Date.now() - heardAgoMs),
        createdAt: new Date(Date.now() - 400 * DAY_MS),
        ...extra,
      })
      .returning();
    return row!;
  }

  const macsOf = (body: UnresponsiveDevice[]) => new Set(body.map((d) => d.mac));

  it('lists a device silent through the range, and one never heard, but not one heard lately', async () => {
    const silent = await place(3 * DAY_MS);
    const never = await place(null);
    const heard = await place(HOUR_MS);
    const res = await list(ctx.app, tech, { groupIds: String(ICU_NORTH), ...lastTwoDays() });
    expect(res.status).toBe(200);
    const body = res.body as UnresponsiveDevice[];
    const found = macsOf(body);
    expect(found.has(silent.mac)).toBe(true);
    expect(found.has(never.mac)).toBe(true);
    expect(found.has(heard.mac)).toBe(false);
    expect(body.find((d) => d.mac === silent.mac)).toEqual({
      id: silent.id,
      mac: silent.mac,
      name: silent.name,
      groupId: ICU_NORTH,
      group: 'ICU – 3 North',
      type: 'DISPENSER',
      model: 'Test dispenser',
      lastHeard: silent.lastHeartbeatAt!.toISOString(),
    });
    // Longest silent first: the never heard, then the oldest heartbeat.
    expect(body[0]!.lastHeard).toBeNull();
    const heardAt = body.flatMap((d) => (d.lastHeard ? [d.lastHeard] : []));
    expect(heardAt).toEqual([...heardAt].sort());
  });

  it('reads a hospital as its whole subtree, and no groupIds as every location in scope', async () => {
    const silent = await place(5 * DAY_MS);
    const byHospital = await list(ctx.app, tech, { groupIds: String(DEMO_GROUP_IDS.stMarys), ...lastTwoDays() });
    expect(byHospital.status).toBe(200);
    expect(macsOf(byHospital.body).has(silent.mac)).toBe(true);
    const everywhere = await list(ctx.app, tech, lastTwoDays());
    expect(macsOf(everywhere.body).has(silent.mac)).toBe(true);
    // Nothing of Riverside, outside this caller's scope.
    expect((everywhere.body as UnresponsiveDevice[]).every((d) => d.groupId !== RIVERSIDE_ICU)).toBe(true);
  });

  it('judges a past range by the heartbeats stored for it', async () => {
    const heardThen = await place(HOUR_MS);
    const silentThen = await place(HOUR_MS);
    await ctx.db.insert(heartbeatEvents).values({ ts: new Date(Date.now() - 10 * DAY_MS), eventId: `test-hb-${randomUUID()}`, deviceId: heardThen.id });
    const res = await list(ctx.app, tech, { groupIds: String(ICU_NORTH), startDate: daysAgo(12), endDate: daysAgo(8) });
    const found = macsOf(res.body);
    expect(found.has(silentThen.mac)).toBe(true);
    expect(found.has(heardThen.mac)).toBe(false);
    // A device added after the range was not there to be heard.
    const added = await place(null, { createdAt: new Date() });
    expect(macsOf((await list(ctx.app, tech, { groupIds: String(ICU_NORTH), startDate: daysAgo(12), endDate: daysAgo(8) })).body).has(added.mac)).toBe(false);
  });

  it('leaves out staged, inactive and replaced devices, and gateways awaiting setup', async () => {
    const staged = await place(4 * DAY_MS, { staged: true, publish: false });
    const inactive = await place(4 * DAY_MS, { active: false });
    const replaced = await place(4 * DAY_MS, { groupId: REPLACED_DEVICES_GROUP_ID, active: false });
    const replacedButActive = await place(4 * DAY_MS, { groupId: REPLACED_DEVICES_GROUP_ID });
    const awaitingSetup = await place(null, { groupId: GATEWAY_SETUP_GROUP_ID });
    // The admin's scope holds 'Replaced Devices' and 'Gateway Setup' (provider locations): they are left out all the same.
    const queries: Record<string, string>[] = [{ groupIds: String(ICU_NORTH) }, {}, { groupIds: String(REPLACED_DEVICES_GROUP_ID) }, { groupIds: String(GATEWAY_SETUP_GROUP_ID) }];
    for (const query of queries) {
      const res = await list(ctx.app, admin, { ...query, ...lastTwoDays() });
      expect(res.status).toBe(200);
      const found = macsOf(res.body);
      for (const device of [staged, inactive, replaced, replacedButActive, awaitingSetup]) expect(found.has(device.mac)).toBe(false);
    }
  });

  it('refuses a location of another organization, and callers without the page', async () => {
    const other = await list(ctx.app, tech, { groupIds: `${ICU_NORTH},${RIVERSIDE_ICU}`, ...lastTwoDays() });
    expect(other.status).toBe(404);
    expect(other.body.message).toBe('Location not found');
    expect((await list(ctx.app, nurse, { groupIds: String(ICU_NORTH), ...lastTwoDays() })).status).toBe(403);
  });

  it('answers nothing for a range that has not begun', async () => {
    await place(3 * DAY_MS);
    const tomorrow = dayOf(Date.now() + DAY_MS);
    const res = await list(ctx.app, tech, { groupIds: String(ICU_NORTH), startDate: tomorrow, endDate: tomorrow });
    expect([res.status, res.body]).toEqual([200, []]);
  });

  it.each([
    ['a malformed start date', { groupIds: String(ICU_NORTH), startDate: '2026-13-01', endDate: today() }, 'must be a date'],
    ['a date that is no day', { groupIds: String(ICU_NORTH), startDate: 'yesterday', endDate: today() }, 'must be a date'],
    ['no end date', { groupIds: String(ICU_NORTH), startDate: today() }, 'endDate'],
    ['a start after the end', { groupIds: String(ICU_NORTH), startDate: today(), endDate: daysAgo(3) }, 'startDate must not be after endDate'],
    ['a range past a year and two weeks', { groupIds: String(ICU_NORTH), startDate: daysAgo(400), endDate: today() }, 'at most 1 year and 2 weeks'],
    ['a group id that is no number', { groupIds: 'icu', ...lastTwoDays() }, 'ids are positive whole numbers'],
    ['a group id past the database’s integers', { groupIds: '2147483648', ...lastTwoDays() }, 'ids are at most'],
  ])('refuses %s with 400', async (_, query, message) => {
    const res = await list(ctx.app, tech, query);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });
});
