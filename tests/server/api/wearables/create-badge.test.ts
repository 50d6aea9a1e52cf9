import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wearableRowSchema } from '../../../../server/src/contracts/wearables';
import { devices, firmwareVersions, type FirmwareVersionRow } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { uniqueMac } from '../../helpers/fleet';
import { call, createScopedAccount, EMERGENCY, ICU_NORTH, ICU_SOUTH, REV_C, REV_D, ZEPHYR } from './wearables-client';

describe('POST /devices: adding a badge', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let tech: Tokens;
  let nurse: Tokens;
  let manager: Tokens;
  /** Holds BADGES and manages only ICU – 3 North. */
  let scopedBadges: Tokens;
  /** Holds SMARTBADGE_MANAGEMENT_BETA only: may assign badges, not add them. */
  let smartBadge: Tokens;
  let revD: FirmwareVersionRow;
  let revC: FirmwareVersionRow;

  beforeAll(async () => {
    ctx = await createTestApp();
    [tech, nurse, manager] = await Promise.all([signIn('tech@demo.health'), signIn('nurse@demo.health'), signIn('manager@demo.health')]);
    scopedBadges = (await createScopedAccount(ctx.db, { subjects: ['BADGES'], groupIds: [ICU_NORTH] })).tokens;
    smartBadge = (await createScopedAccount(ctx.db, { subjects: ['SMARTBADGE_MANAGEMENT_BETA'], groupIds: [ICU_NORTH] })).tokens;
    [revD] = (await ctx.db.select().from(firmwareVersions).where(eq(firmwareVersions.modelId, REV_D)).limit(1)) as [FirmwareVersionRow];
    [revC] = (await ctx.db.select().from(firmwareVersions).where(eq(firmwareVersions.modelId, REV_C)).limit(1)) as [FirmwareVersionRow];
  });
  afterAll(() => ctx.close());

  const create = (tokens: Tokens, body: Record<string, unknown>) => call(ctx.app, tokens, 'POST', 'devices', { body });
  const badge = (mac: string, extra: Record<string, unknown> = {}) => ({
    mac,
    type: 'BADGE',
    groupId: ICU_NORTH,
    modelId: REV_D,
    firmwareVersionId: revD.id,
    active: true,
    ...extra,
  });
  const withMac = (mac: string) => ctx.db.select().from(devices).where(eq(devices.mac, mac));

  it('adds a badge with its MAC normalized and a default name, answering the wearable row', async () => {
    const mac = uniqueMac();
    const scanned = mac.toLowerCase().replace(/:/g, '');
    const res = await create(tech, badge(scanned));
    expect(res.statusCode).toBe(201);
    const row = wearableRowSchema.parse(res.json());
    expect(row).toEqual({
      id: expect.any(Number),
      mac,
      code: null,
      name: `Badge ${mac.replace(/:/g, '').slice(-5)}`,
      type: 'BADGE',
      modelId: REV_D,
      modelName: 'REV D',
      groupId: ICU_NORTH,
      groupName: 'ICU – 3 North',
      firmwareVersion: revD.version,
      latestFirmwareVersion: expect.any(String),
      batteryMv: null,
      batteryPercent: null,
      lastHeartbeatAt: null,
      staged: false,
      active: true,
      user: null,
      organizationName: "St. Mary's ICU",
      firmware: { current: { id: revD.id, version: revD.version }, latest: { id: expect.any(Number), version: row.latestFirmwareVersion } },
      settingsSync: 'unconfigured',
      lastStatus: null,
      operations: [],
      operationDisabled: false,
    });
    const [stored] = await withMac(mac);
    expect(stored).toMatchObject({ id: row.id, type: 'BADGE', groupId: ICU_NORTH, modelId: REV_D, firmwareVersionId: revD.id });
    const lookup = await call(ctx.app, tech, 'GET', `devices/mac/${scanned}`);
    expect(lookup.json()).toEqual({ exists: true, device: { id: row.id, name: row.name, groupId: ICU_NORTH, groupName: 'ICU – 3 North', type: 'BADGE' } });
  });

  it('keeps a given name', async () => {
    const res = await create(scopedBadges, badge(uniqueMac(), { name: '  Spare badge 7 ', modelId: REV_C, firmwareVersionId: revC.id }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Spare badge 7', modelName: 'REV C', firmwareVersion: revC.version });
  });

  it('refuses a MAC that is taken, naming where that device is, and adds nothing', async () => {
    const mac = uniqueMac();
    expect((await create(tech, badge(mac))).statusCode).toBe(201);
    const again = await create(tech, badge(mac.toLowerCase(), { groupId: EMERGENCY }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Device already exists at ICU – 3 North.');
    expect(await withMac(mac)).toHaveLength(1);

    const [seeded] = await ctx.db
      .select()
      .from(devices)
      .where(and(eq(devices.groupId, ICU_SOUTH), eq(devices.type, 'BEACON')))
      .limit(1);
    if (!seeded) throw new Error('no seeded beacon in ICU – 3 South');
    // Also when the device is outside the caller's scope: the MAC cannot be added twice anywhere.
    const taken = await create(scopedBadges, badge(seeded.mac));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Device already exists at ICU – 3 South.');
    expect(await withMac(seeded.mac)).toEqual([seeded]);
  });

  it('refuses a model that is not a badge model, or a version of another model', async () => {
    const wrongModel = await create(tech, badge(uniqueMac(), { modelId: ZEPHYR }));
    expect(wrongModel.statusCode).toBe(400);
    expect(wrongModel.json().message).toBe('The model is not a badge model.');
    const [zephyr] = await ctx.db.select().from(firmwareVersions).where(eq(firmwareVersions.modelId, ZEPHYR)).limit(1);
    const [otherBadge] = await ctx.db
      .select()
      .from(firmwareVersions)
      .where(and(eq(firmwareVersions.modelId, REV_C), ne(firmwareVersions.id, revD.id)))
      .limit(1);
    for (const versionId of [zephyr?.id, otherBadge?.id, 987_654]) {
      const mac = uniqueMac();
      const res = await create(tech, badge(mac, { firmwareVersionId: versionId }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The firmware version does not belong to the model.');
      expect(await withMac(mac)).toEqual([]);
    }
    expect((await create(tech, badge(uniqueMac(), { modelId: 987_654 }))).statusCode).toBe(400);
  });

  it('refuses malformed bodies with 400', async () => {
    for (const body of [
      badge('02:00:00:00:00'),
      badge('ZZ:00:00:00:00:00'),
      badge(uniqueMac(), { type: 'WRISTBAND' }),
      badge(uniqueMac(), { groupId: 'north' }),
      badge(uniqueMac(), { firmwareVersionId: undefined }),
      badge(uniqueMac(), { name: '   ' }),
    ]) {
      expect((await create(tech, body)).statusCode).toBe(400);
    }
    const res = await create(tech, badge('02:00:00:00:00'));
    expect(res.json().message).toContain('MAC must be 17 characters (colon-separated uppercase pairs).');
  });

  it('answers 404 for a location outside the caller’s scope, and adds nothing', async () => {
    const mac = uniqueMac();
    const res = await create(scopedBadges, badge(mac, { groupId: ICU_SOUTH }));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Location not found');
    expect((await create(tech, badge(mac, { groupId: 987_654 }))).statusCode).toBe(404);
    expect(await withMac(mac)).toEqual([]);
  });

  it('refuses callers without the Badges permission or the account type', async () => {
    const mac = uniqueMac();
    for (const tokens of [nurse, manager, smartBadge]) expect((await create(tokens, badge(mac))).statusCode).toBe(403);
    expect(await withMac(mac)).toEqual([]);
  });
});
