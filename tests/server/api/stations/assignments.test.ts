import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAC_FORMAT_MESSAGE } from '../../../../server/src/contracts/fields';
import { STATION_MESSAGES, stationAssignmentResponseSchema } from '../../../../server/src/contracts/stations';
import { MODEL_IDS } from '../../../../server/src/db/demo/devices-data';
import { devices, users, type DeviceRow, type UserRow } from '../../../../server/src/db/schema';
import { createTestApp, signIn, userIdOf, type Tokens } from '../../helpers/app';
import { uniqueMac } from '../../helpers/fleet';
import { ST_MARYS, staffOf } from '../../helpers/staff';
import {
  assignmentCount,
  assignmentsOf,
  call,
  createStationsAccount,
  EMERGENCY,
  ICU_NORTH,
  ICU_SOUTH,
  kiosk,
  openOfUser,
  ST_MARYS_ORG,
  wristbandsAt,
} from './stations-client';

describe('POST /api/stations/assignments', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let adminId: number;
  /** STATIONS, managing ICU – 3 North only. */
  let scoped: Tokens;
  let north: DeviceRow;
  let emergencyKiosk: DeviceRow;
  /** Kiosk 3N's wristbands nobody holds and that are not sync-enabled (the seed's two spares). */
  let spares: DeviceRow[];
  let synced: DeviceRow;
  /** Active staff of ICU – 3 North, each holding a seeded wearable. */
  let icu: UserRow[];

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn('admin@demo.health');
    adminId = await userIdOf(ctx.app, admin.idToken, 'admin@demo.health');
    scoped = (await createStationsAccount(ctx.db, { subjects: ['STATIONS'], groupIds: [ICU_NORTH] })).tokens;
    [north, emergencyKiosk] = await Promise.all([kiosk(ctx.db, 'Kiosk 3N'), kiosk(ctx.db, 'Kiosk ED-G')]);
    const bands = await wristbandsAt(ctx.db, north.id);
    const held = await Promise.all(bands.map(async (b) => (await assignmentsOf(ctx.db, b.id)).some((a) => a.unassignedAt === null)));
    spares = bands.filter((b, i) => !b.syncEnabled && !held[i]);
    synced = bands.find((b) => b.syncEnabled) as DeviceRow;
    icu = (await staffOf(ctx.db, ST_MARYS)).filter((s) => s.groupId === ICU_NORTH && !s.demo).slice(0, 6);
  });
  afterAll(() => ctx.close());

  const record = (tokens: Tokens, body: unknown) => call(ctx.app, tokens, 'POST', 'stations/assignments', { body });
  /** Posts and checks that nothing was written. */
  const refused = async (tokens: Tokens, body: unknown) => {
    const before = await assignmentCount(ctx.db);
    const res = await record(tokens, body);
    expect(await assignmentCount(ctx.db)).toBe(before);
    return [res.status, res.body.message];
  };

  it('finds the seeded spares at the station', () => {
    expect(spares).toHaveLength(2);
    expect(synced).toBeDefined();
  });

  it('gives a spare to a user: their previous wearable ends as the new holding starts, with the caller as assignor', async () => {
    const [u1] = icu as [UserRow];
    const [spare] = spares as [DeviceRow];
    const [previous] = await openOfUser(ctx.db, u1.id);
    expect(previous).toBeDefined();
    const before = await assignmentCount(ctx.db);
    const res = await record(admin, { gatewayId: north.id, wristbandMac: spare.mac, userId: u1.id });
    expect(res.status).toBe(200);
    const answer = stationAssignmentResponseSchema.parse(res.body);
    expect(answer).toEqual({ wearableId: spare.id, userId: u1.id, previousUserId: null, at: expect.any(String) });
    expect(await assignmentCount(ctx.db)).toBe(before + 1);
    const rows = await assignmentsOf(ctx.db, spare.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: u1.id, unassignedAt: null, assignorId: adminId, assignorType: 'USER' });
    expect(rows[0]?.assignedAt.toISOString()).toBe(answer.at);
    expect((await openOfUser(ctx.db, u1.id)).map((a) => a.deviceId)).toEqual([spare.id]);
    const [ended] = (await assignmentsOf(ctx.db, previous?.deviceId as number)).filter((a) => a.id === previous?.id);
    expect(ended?.unassignedAt?.toISOString()).toBe(answer.at);
  });

  it('answers a repeat with the holding as it stands and writes nothing', async () => {
    const [u1] = icu as [UserRow];
    const [spare] = spares as [DeviceRow];
    const [first] = await assignmentsOf(ctx.db, spare.id);
    const before = await assignmentCount(ctx.db);
    const res = await record(admin, { gatewayId: north.id, wristbandMac: spare.mac, userId: u1.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ wearableId: spare.id, userId: u1.id, previousUserId: u1.id, at: first?.assignedAt.toISOString() });
    expect(await assignmentCount(ctx.db)).toBe(before);
    expect(await assignmentsOf(ctx.db, spare.id)).toEqual([first]);
  });

  it('passes the wristband on: the holder’s and the new user’s holdings end together', async () => {
    const [u1, u2] = icu as [UserRow, UserRow];
    const [spare] = spares as [DeviceRow];
    const [u2Previous] = await openOfUser(ctx.db, u2.id);
    const res = await record(admin, { gatewayId: north.id, wristbandMac: spare.mac, userId: u2.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ wearableId: spare.id, userId: u2.id, previousUserId: u1.id });
    const rows = await assignmentsOf(ctx.db, spare.id);
    expect(rows.map((r) => [r.userId, r.unassignedAt?.toISOString() ?? null])).toEqual([
      [u1.id, res.body.at],
      [u2.id, null],
    ]);
    expect(await openOfUser(ctx.db, u1.id)).toEqual([]);
    expect((await openOfUser(ctx.db, u2.id)).map((a) => a.deviceId)).toEqual([spare.id]);
    const [ended] = (await assignmentsOf(ctx.db, u2Previous?.deviceId as number)).filter((a) => a.id === u2Previous?.id);
    expect(ended?.unassignedAt?.toISOString()).toBe(res.body.at);
  });

  it('gives it back with userId null, and answers a second give-back without writing', async () => {
    const [, u2] = icu as [UserRow, UserRow];
    const [spare] = spares as [DeviceRow];
    const res = await record(admin, { gatewayId: north.id, wristbandMac: spare.mac, userId: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ wearableId: spare.id, userId: null, previousUserId: u2.id, at: expect.any(String) });
    const rows = await assignmentsOf(ctx.db, spare.id);
    expect(rows.every((r) => r.unassignedAt !== null)).toBe(true);
    expect(rows.at(-1)?.unassignedAt?.toISOString()).toBe(res.body.at);
    const before = await assignmentCount(ctx.db);
    const again = await record(admin, { gatewayId: north.id, wristbandMac: spare.mac, userId: null });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ wearableId: spare.id, userId: null, previousUserId: null });
    expect(await assignmentCount(ctx.db)).toBe(before);
    expect(await assignmentsOf(ctx.db, spare.id)).toEqual(rows);
  });

  it('takes the MAC in any spelling, and serves a PRO account holding Stations', async () => {
    const [, , u3] = icu as [UserRow, UserRow, UserRow];
    const [, spare] = spares as [DeviceRow, DeviceRow];
    const pro = (await createStationsAccount(ctx.db, { subjects: ['STATIONS'], groupIds: [ICU_NORTH], organizationId: ST_MARYS_ORG })).tokens;
    const res = await record(pro, { gatewayId: north.id, wristbandMac: spare.mac.replaceAll(':', '').toLowerCase(), userId: u3.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ wearableId: spare.id, userId: u3.id, previousUserId: null });
  });

  it('refuses what is not a kiosk gateway, wristband, holder or station of each other, writing nothing', async () => {
    const [, , , u4] = icu as [UserRow, UserRow, UserRow, UserRow];
    const [spare] = spares as [DeviceRow];
    const body = { gatewayId: north.id, wristbandMac: spare.mac, userId: u4.id };
    const [regular] = await ctx.db.select().from(devices).where(eq(devices.name, 'Gateway 3N-1'));
    const [retired] = await ctx.db
      .insert(devices)
      .values({ mac: uniqueMac(), type: 'GATEWAY', name: 'Kiosk 3N Retired', groupId: ICU_NORTH, modelId: MODEL_IDS.kiosk, role: 'KIOSK_GATEWAY', active: false })
      .returning();
    const [badge] = await ctx.db.select().from(devices).where(and(eq(devices.type, 'BADGE'), eq(devices.groupId, ICU_NORTH))).limit(1);
    const [elsewhere] = (await wristbandsAt(ctx.db, emergencyKiosk.id)).filter((b) => !b.syncEnabled);
    const [undocked] = await ctx.db
      .insert(devices)
      .values({ mac: uniqueMac(), type: 'WRISTBAND', name: 'Loose band', groupId: ICU_NORTH, modelId: MODEL_IDS.zephyr })
      .returning();
    const [inactive] = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.active, false), eq(users.groupId, ICU_NORTH)))
      .orderBy(asc(users.id))
      .limit(1);
    const cases: [unknown, number, string][] = [
      [{ ...body, gatewayId: regular?.id }, 404, STATION_MESSAGES.gatewayNotFound],
      [{ ...body, gatewayId: retired?.id }, 404, STATION_MESSAGES.gatewayNotFound],
      [{ ...body, gatewayId: spare.id }, 404, STATION_MESSAGES.gatewayNotFound],
      [{ ...body, gatewayId: 99_999_999 }, 404, STATION_MESSAGES.gatewayNotFound],
      [{ ...body, wristbandMac: uniqueMac() }, 404, STATION_MESSAGES.wristbandNotFound],
      [{ ...body, wristbandMac: badge?.mac }, 404, STATION_MESSAGES.wristbandNotFound],
      [{ ...body, wristbandMac: elsewhere?.mac }, 409, STATION_MESSAGES.notAtGateway],
      [{ ...body, wristbandMac: undocked?.mac }, 409, STATION_MESSAGES.notAtGateway],
      [{ ...body, wristbandMac: synced.mac }, 409, STATION_MESSAGES.syncEnabled],
      [{ ...body, wristbandMac: synced.mac, userId: null }, 409, STATION_MESSAGES.syncEnabled],
      [{ ...body, userId: 99_999_999 }, 404, STATION_MESSAGES.userNotFound],
      [{ ...body, userId: inactive?.id }, 409, STATION_MESSAGES.userInactive],
    ];
    for (const [payload, status, message] of cases) {
      expect(await refused(admin, payload), JSON.stringify(payload)).toEqual([status, message]);
    }
  });

  it('keeps to the caller’s scope: gateways, wristbands and users outside it are not found', async () => {
    const [, , , u4] = icu as [UserRow, UserRow, UserRow, UserRow];
    const [spare] = spares as [DeviceRow];
    const [southBand] = await ctx.db
      .insert(devices)
      .values({ mac: uniqueMac(), type: 'WRISTBAND', name: 'South band', groupId: ICU_SOUTH, modelId: MODEL_IDS.zephyr, gatewayId: north.id })
      .returning();
    const emergencyUser = (await staffOf(ctx.db, ST_MARYS)).find((s) => s.groupId === EMERGENCY) as UserRow;
    const [elsewhere] = (await wristbandsAt(ctx.db, emergencyKiosk.id)).filter((b) => !b.syncEnabled);
    const body = { gatewayId: north.id, wristbandMac: spare.mac, userId: u4.id };
    expect(await refused(scoped, { ...body, gatewayId: emergencyKiosk.id, wristbandMac: elsewhere?.mac })).toEqual([404, STATION_MESSAGES.gatewayNotFound]);
    expect(await refused(scoped, { ...body, wristbandMac: southBand?.mac })).toEqual([404, STATION_MESSAGES.wristbandNotFound]);
    expect(await refused(scoped, { ...body, userId: emergencyUser.id })).toEqual([404, STATION_MESSAGES.userNotFound]);
    // The provider admin reaches the same wristband and user.
    expect((await record(admin, { ...body, wristbandMac: southBand?.mac, userId: emergencyUser.id })).status).toBe(200);
  });

  it('refuses callers without the Stations permission', async () => {
    const [, , , u4] = icu as [UserRow, UserRow, UserRow, UserRow];
    const [spare] = spares as [DeviceRow];
    const body = { gatewayId: north.id, wristbandMac: spare.mac, userId: u4.id };
    const others = await Promise.all([
      signIn('manager@demo.health'),
      signIn('nurse@demo.health'),
      createStationsAccount(ctx.db, { subjects: ['NFC_STATIONS', 'GATEWAYS'], groupIds: [ICU_NORTH] }).then((a) => a.tokens),
    ]);
    for (const tokens of others) expect((await refused(tokens, body))[0]).toBe(403);
  });

  it('answers 400 with a clear message for a bad MAC or id, writing nothing', async () => {
    const [, , , u4] = icu as [UserRow, UserRow, UserRow, UserRow];
    const [spare] = spares as [DeviceRow];
    const body = { gatewayId: north.id, wristbandMac: spare.mac, userId: u4.id };
    expect(await refused(admin, { ...body, wristbandMac: 'B8:27:EB:4F' })).toEqual([400, `${MAC_FORMAT_MESSAGE} (body/wristbandMac)`]);
    expect(await refused(admin, { ...body, gatewayId: 0 })).toEqual([400, 'ids are positive whole numbers (body/gatewayId)']);
    expect(await refused(admin, { ...body, userId: -4 })).toEqual([400, 'ids are positive whole numbers (body/userId)']);
    const [status, message] = await refused(admin, { gatewayId: north.id, wristbandMac: spare.mac });
    expect(status).toBe(400);
    expect(message).toContain('userId');
    expect((await refused(admin, { ...body, gatewayId: 'north' }))[0]).toBe(400);
  });
});
