import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceGroupResponseSchema, KIOSK_GATEWAY_MODEL_ID, KIOSK_GATEWAY_ROLE } from '../../../../server/src/contracts/stations';
import { devices } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { uniqueMac } from '../../helpers/fleet';
import { call, createStationsAccount, EMERGENCY, ICU_NORTH, kiosk, RIVERSIDE_ICU, ST_MARYS_GROUP, ST_MARYS_ORG } from './stations-client';

const KIOSKS = { modelId: KIOSK_GATEWAY_MODEL_ID, roles: KIOSK_GATEWAY_ROLE };

describe('GET /api/stations/gateways', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let manager: Tokens;
  let nurse: Tokens;
  /** STATIONS, managing ICU – 3 North only. */
  let scoped: Tokens;
  /** STATIONS in St. Mary's Hospital (account type PRO), managing ICU – 3 North only. */
  let pro: Tokens;
  /** GATEWAYS only, managing ICU – 3 North. */
  let gatewaysOnly: Tokens;
  /** NFC_STATIONS only, managing ICU – 3 North. */
  let nfcOnly: Tokens;

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, manager, nurse] = await Promise.all([signIn('admin@demo.health'), signIn('manager@demo.health'), signIn('nurse@demo.health')]);
    scoped = (await createStationsAccount(ctx.db, { subjects: ['STATIONS'], groupIds: [ICU_NORTH] })).tokens;
    pro = (await createStationsAccount(ctx.db, { subjects: ['STATIONS'], groupIds: [ICU_NORTH], organizationId: ST_MARYS_ORG })).tokens;
    gatewaysOnly = (await createStationsAccount(ctx.db, { subjects: ['GATEWAYS'], groupIds: [ICU_NORTH] })).tokens;
    nfcOnly = (await createStationsAccount(ctx.db, { subjects: ['NFC_STATIONS'], groupIds: [ICU_NORTH] })).tokens;
  });
  afterAll(() => ctx.close());

  const list = (tokens: Tokens, query: Record<string, string | number | undefined>) => call(ctx.app, tokens, 'GET', 'stations/gateways', { query });

  it('lists the kiosk gateways of a hospital and its units by name, with their channels', async () => {
    const res = await list(admin, { groupId: ST_MARYS_GROUP, ...KIOSKS });
    expect(res.status).toBe(200);
    const { data } = deviceGroupResponseSchema.parse(res.body);
    expect(data.map((g) => g.name)).toEqual(['Kiosk 3N', 'Kiosk 4E', 'Kiosk ED-G']);
    const north = await kiosk(ctx.db, 'Kiosk 3N');
    expect(data[0]).toEqual({
      id: north.id,
      name: 'Kiosk 3N',
      mac: north.mac,
      modelId: KIOSK_GATEWAY_MODEL_ID,
      role: KIOSK_GATEWAY_ROLE,
      station: 'Station A – ICU 3 North',
      groupId: ICU_NORTH,
      groupName: 'ICU – 3 North',
      lastHeartbeatAt: north.lastHeartbeatAt?.toISOString() ?? null,
      sessionChannel: 'private-kiosk-3n',
      commandChannel: `private-${north.mac.toLowerCase().replaceAll(':', '-')}`,
    });
  });

  it('lists every active gateway of a unit without model and role, and no other device', async () => {
    const [inactive] = await ctx.db
      .insert(devices)
      .values({ mac: uniqueMac(), type: 'GATEWAY', name: 'Gateway 3N-retired', groupId: ICU_NORTH, modelId: KIOSK_GATEWAY_MODEL_ID, role: KIOSK_GATEWAY_ROLE, active: false })
      .returning();
    const res = await list(admin, { groupId: ICU_NORTH });
    expect(res.status).toBe(200);
    const names = (res.body.data as { name: string }[]).map((g) => g.name);
    expect(names).toEqual(['Gateway 3N-1', 'Gateway 3N-2', 'Kiosk 3N']);
    expect(names).not.toContain(inactive?.name);
    const regular = await list(admin, { groupId: ICU_NORTH, roles: 'GATEWAY' });
    expect(regular.body.data.map((g: { name: string }) => g.name)).toEqual(['Gateway 3N-1', 'Gateway 3N-2']);
  });

  it('searches name, station and MAC with or without colons, ignoring case', async () => {
    const north = await kiosk(ctx.db, 'Kiosk 3N');
    const names = async (search: string) =>
      ((await list(admin, { groupId: ST_MARYS_GROUP, ...KIOSKS, search })).body.data as { name: string }[]).map((g) => g.name);
    expect(await names('kiosk 3n')).toEqual(['Kiosk 3N']);
    expect(await names('STATION b')).toEqual(['Kiosk ED-G']);
    expect(await names(north.mac.toLowerCase())).toEqual(['Kiosk 3N']);
    expect(await names(north.mac.replaceAll(':', '').slice(-6))).toEqual(['Kiosk 3N']);
    expect(await names('100%_')).toEqual([]);
  });

  it('keeps to the caller’s scope: a location outside it is not found', async () => {
    const mine = await list(scoped, { groupId: ICU_NORTH, ...KIOSKS });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((g: { name: string }) => g.name)).toEqual(['Kiosk 3N']);
    for (const groupId of [EMERGENCY, ST_MARYS_GROUP, RIVERSIDE_ICU, 999_999]) {
      const res = await list(scoped, { groupId, ...KIOSKS });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Location not found');
    }
  });

  it('serves every account type, and the Gateways permission too', async () => {
    expect((await list(pro, { groupId: ICU_NORTH, ...KIOSKS })).body.data).toHaveLength(1);
    const res = await list(gatewaysOnly, { groupId: ICU_NORTH });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(3);
  });

  it('refuses callers without the Stations or Gateways permission', async () => {
    for (const tokens of [manager, nurse, nfcOnly]) {
      const res = await list(tokens, { groupId: ICU_NORTH });
      expect(res.status).toBe(403);
    }
  });

  it('answers 400 with a clear message for a bad or missing location', async () => {
    const negative = await list(admin, { groupId: -3 });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toBe('ids are positive whole numbers (querystring/groupId)');
    const text = await list(admin, { groupId: 'north' });
    expect(text.status).toBe(400);
    expect(text.body.message).toContain('groupId');
    expect((await list(admin, {})).status).toBe(400);
    expect((await list(admin, { groupId: ICU_NORTH, modelId: 0 })).body.message).toBe('ids are positive whole numbers (querystring/modelId)');
  });
});
