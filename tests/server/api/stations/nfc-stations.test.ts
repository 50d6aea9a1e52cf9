import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfcStationsResponseSchema } from '../../../../server/src/contracts/stations';
import { MODEL_IDS } from '../../../../server/src/db/demo/devices-data';
import { deviceModels, devices, firmwareVersions, nfcTags } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { uniqueMac } from '../../helpers/fleet';
import { uniqueNfcId } from '../nfc/nfc-client';
import { call, createStationsAccount, EMERGENCY, ICU_NORTH, RIVERSIDE_ICU, ST_MARYS_GROUP, ST_MARYS_ORG } from './stations-client';

/** Med-Surg – 4 East: a unit with a nurse-station tablet but no NFC tags in the demo. */
const MED_SURG_EAST = 10;
const NETWORK_GROUP = 1;

describe('GET /api/iot/things/stations', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let manager: Tokens;
  /** NFC_STATIONS in St. Mary's Hospital (account type PRO), managing ICU – 3 North only. */
  let scoped: Tokens;
  /** STATIONS only: the kiosk view, not the NFC view. */
  let kioskOnly: Tokens;

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, manager] = await Promise.all([signIn('admin@demo.health'), signIn('manager@demo.health')]);
    scoped = (await createStationsAccount(ctx.db, { subjects: ['NFC_STATIONS'], groupIds: [ICU_NORTH], organizationId: ST_MARYS_ORG })).tokens;
    kioskOnly = (await createStationsAccount(ctx.db, { subjects: ['STATIONS'], groupIds: [ICU_NORTH] })).tokens;
  });
  afterAll(() => ctx.close());

  const list = (tokens: Tokens, groupIds: string | number | undefined) => call(ctx.app, tokens, 'GET', 'iot/things/stations', { query: { groupIds } });
  const stationNames = async (tokens: Tokens, groupIds: string | number) =>
    ((await list(tokens, groupIds)).body.data as { station: { name: string } }[]).map((r) => r.station.name);

  it('lists the nurse-station tablets of the units that hold NFC tags, with device and station', async () => {
    const res = await list(admin, ST_MARYS_GROUP);
    expect(res.status).toBe(200);
    const { data } = nfcStationsResponseSchema.parse(res.body);
    // 4 East has a tablet but no tags: it is no NFC station.
    expect(data.map((r) => r.station.name)).toEqual(['Emergency – Ground Floor NFC Station', 'ICU – 3 North NFC Station']);
    const [tablet] = await ctx.db
      .select({ id: devices.id, mac: devices.mac, name: devices.name, batteryPercent: devices.batteryPercent, version: firmwareVersions.version, model: deviceModels.name })
      .from(devices)
      .innerJoin(deviceModels, eq(deviceModels.id, devices.modelId))
      .leftJoin(firmwareVersions, eq(firmwareVersions.id, devices.firmwareVersionId))
      .where(and(eq(devices.type, 'TABLET'), eq(devices.groupId, ICU_NORTH)));
    expect(data[1]).toEqual({
      id: tablet?.id,
      device: {
        mac: tablet?.mac,
        name: 'Tablet 3N Nurse Station',
        type: 'TABLET',
        modelName: 'Galaxy Tab A8',
        batteryPercent: tablet?.batteryPercent,
        firmwareVersion: tablet?.version,
        lastStatus: null,
      },
      station: { name: 'ICU – 3 North NFC Station', groupId: ICU_NORTH, groupName: 'ICU – 3 North' },
    });
  });

  it('takes several locations, repeated or comma-separated, each with its descendants', async () => {
    expect(await stationNames(admin, NETWORK_GROUP)).toEqual([
      'Emergency – Ground Floor NFC Station',
      'ICU – 2 North NFC Station',
      'ICU – 3 North NFC Station',
      'Oncology – 6 East NFC Station',
    ]);
    expect(await stationNames(admin, `${ICU_NORTH},${RIVERSIDE_ICU}`)).toEqual(['ICU – 2 North NFC Station', 'ICU – 3 North NFC Station']);
    const repeated = await ctx.app.inject({
      method: 'GET',
      url: `/api/iot/things/stations?groupIds=${ICU_NORTH}&groupIds=${EMERGENCY}`,
      headers: { authorization: admin.idToken },
    });
    expect(repeated.json().data).toHaveLength(2);
    expect((await list(admin, undefined)).body).toEqual({ data: [] });
  });

  it('leaves out inactive tablets, and counts a unit once its first tag is registered', async () => {
    await ctx.db.insert(devices).values({ mac: uniqueMac(), type: 'TABLET', name: 'Tablet 3N Spare', groupId: ICU_NORTH, modelId: MODEL_IDS.tablet, active: false });
    expect(await stationNames(admin, ICU_NORTH)).toEqual(['ICU – 3 North NFC Station']);
    await ctx.db.insert(nfcTags).values({ nfcId: uniqueNfcId(), nfcShortId: 'FIRST1', groupId: MED_SURG_EAST, active: false });
    expect(await stationNames(admin, MED_SURG_EAST)).toEqual(['Med-Surg – 4 East NFC Station']);
  });

  it('keeps to the caller’s scope, for every account type', async () => {
    expect(await stationNames(scoped, ICU_NORTH)).toEqual(['ICU – 3 North NFC Station']);
    for (const groupIds of [`${ICU_NORTH},${EMERGENCY}`, ST_MARYS_GROUP, RIVERSIDE_ICU]) {
      const res = await list(scoped, groupIds);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Location not found');
    }
  });

  it('refuses callers without the NFC Stations permission', async () => {
    expect((await list(kioskOnly, ICU_NORTH)).status).toBe(403);
    expect((await list(manager, ICU_NORTH)).status).toBe(403);
  });

  it('answers 400 for ids that are not positive whole numbers', async () => {
    const res = await list(admin, `${ICU_NORTH},x`);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('groupIds');
    expect((await list(admin, '0')).body.message).toBe('ids are positive whole numbers (querystring/groupIds/0)');
  });
});
