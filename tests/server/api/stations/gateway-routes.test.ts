import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userChannelName } from '../../../../server/src/contracts/realtime';
import { gatewayStationSchema } from '../../../../server/src/contracts/stations';
import { MODEL_IDS } from '../../../../server/src/db/demo/devices-data';
import { devices, firmwareVersions, users, type DeviceRow } from '../../../../server/src/db/schema';
import { gatewayToken } from '../../../../server/src/core/gateway-auth';
import { createTestApp, PUSHER_TEST_APP, signIn, TEST_INGEST_SECRET } from '../../helpers/app';
import { uniqueMac } from '../../helpers/fleet';
import { ST_MARYS, staffOf } from '../../helpers/staff';
import { assignmentsOf, call, gatewayCall, ICU_NORTH, kiosk, wristbandsAt } from './stations-client';

const SOCKET = '4321.8765';
const expectedAuth = (channel: string) =>
  `${PUSHER_TEST_APP.key}:${createHmac('sha256', PUSHER_TEST_APP.secret).update(`${SOCKET}:${channel}`).digest('hex')}`;
const commandChannelOf = (mac: string) => `private-${mac.toLowerCase().replaceAll(':', '-')}`;

describe('the kiosk gateway’s own calls', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let north: DeviceRow;
  let emergency: DeviceRow;

  beforeAll(async () => {
    ctx = await createTestApp();
    [north, emergency] = await Promise.all([kiosk(ctx.db, 'Kiosk 3N'), kiosk(ctx.db, 'Kiosk ED-G')]);
  });
  afterAll(() => ctx.close());

  const station = (mac: string, token?: string) => gatewayCall(ctx.app, mac, 'GET', 'gateways/station', { token });
  const auth = (mac: string, channel: string, opts: { token?: string; form?: boolean } = {}) =>
    gatewayCall(ctx.app, mac, 'POST', 'gateways/pusher/auth', { ...opts, body: { socket_id: SOCKET, channel_name: channel } });

  describe('GET /api/gateways/station', () => {
    it('answers the gateway’s name, channels, firmware and home wristbands with their holders', async () => {
      const res = await station(north.mac);
      expect(res.status).toBe(200);
      const answer = gatewayStationSchema.parse(res.body);
      const [version] = await ctx.db.select().from(firmwareVersions).where(eq(firmwareVersions.id, north.firmwareVersionId as number));
      expect(answer).toMatchObject({
        mac: north.mac,
        name: 'Kiosk 3N',
        station: 'Station A – ICU 3 North',
        sessionChannel: 'private-kiosk-3n',
        commandChannel: commandChannelOf(north.mac),
        firmwareVersion: version?.version,
      });
      const bands = await wristbandsAt(ctx.db, north.id);
      expect(answer.wristbands.map((w) => w.mac)).toEqual(bands.map((b) => b.mac));
      expect(answer.wristbands.length).toBeLessThanOrEqual(16);
      // The seed's mix: most synced at the kiosk, every fourth and the two spares not.
      const unsynced = answer.wristbands.filter((w) => !w.syncEnabled);
      expect(unsynced.length).toBeGreaterThanOrEqual(3);
      expect(answer.wristbands.some((w) => w.syncEnabled)).toBe(true);
      expect(answer.wristbands.filter((w) => w.holder === null)).toHaveLength(2);
      const held = answer.wristbands.find((w) => w.holder !== null);
      const [holder] = await ctx.db.select().from(users).where(eq(users.id, held?.holder?.userId as number));
      expect(held?.holder?.name).toBe(`${holder?.firstName} ${holder?.lastName}`);
      const band = bands.find((b) => b.mac === held?.mac);
      expect(held).toMatchObject({ syncEnabled: band?.syncEnabled, batteryPercent: band?.batteryPercent });
      expect(held?.firmwareVersion).toMatch(/^\d+\.\d+\.\d+$/);
    });

    it('shows a holder recorded from the Stations page', async () => {
      const admin = await signIn('admin@demo.health');
      const before = gatewayStationSchema.parse((await station(north.mac)).body);
      const spare = before.wristbands.find((w) => w.holder === null && !w.syncEnabled);
      const user = (await staffOf(ctx.db, ST_MARYS)).find((s) => s.groupId === ICU_NORTH && !s.demo);
      const res = await call(ctx.app, admin, 'POST', 'stations/assignments', { body: { gatewayId: north.id, wristbandMac: spare?.mac, userId: user?.id } });
      expect(res.status).toBe(200);
      const after = gatewayStationSchema.parse((await station(north.mac)).body);
      expect(after.wristbands.find((w) => w.mac === spare?.mac)?.holder).toEqual({ userId: user?.id, name: `${user?.firstName} ${user?.lastName}` });
      expect(await assignmentsOf(ctx.db, res.body.wearableId)).toHaveLength(1);
    });

    it('refuses a wrong or missing token (401) and a gateway the fleet does not know or has retired (403), as ingest does', async () => {
      expect((await station(north.mac, 'not-the-token')).status).toBe(401);
      expect((await station(north.mac, gatewayToken('another-secret', north.mac))).status).toBe(401);
      expect((await station(north.mac, gatewayToken(TEST_INGEST_SECRET, emergency.mac))).status).toBe(401);
      const bare = await ctx.app.inject({ method: 'GET', url: '/api/gateways/station' });
      expect(bare.statusCode).toBe(401);
      expect(bare.json().message).toBe('A gateway MAC (X-Gateway-Mac) and its token are required');
      const stranger = uniqueMac();
      expect(await station(stranger)).toEqual({ status: 403, body: expect.objectContaining({ message: `Gateway ${stranger} is not part of the fleet` }) });
      const [retired] = await ctx.db
        .insert(devices)
        .values({ mac: uniqueMac(), type: 'GATEWAY', name: 'Kiosk Retired', groupId: ICU_NORTH, modelId: MODEL_IDS.kiosk, role: 'KIOSK_GATEWAY', active: false })
        .returning();
      expect((await station(retired?.mac as string)).status).toBe(403);
      // A wristband's MAC with a valid token is no gateway either.
      const [band] = await wristbandsAt(ctx.db, north.id);
      expect((await station(band?.mac as string)).status).toBe(403);
    });
  });

  describe('POST /api/gateways/pusher/auth', () => {
    it('signs the gateway’s session and command channels, JSON or form-encoded', async () => {
      const session = await auth(north.mac, 'private-kiosk-3n');
      expect(session.status).toBe(200);
      expect(session.body.auth).toBe(expectedAuth('private-kiosk-3n'));
      const command = await auth(north.mac, commandChannelOf(north.mac), { form: true });
      expect(command.status).toBe(200);
      expect(command.body.auth).toBe(expectedAuth(commandChannelOf(north.mac)));
    });

    it('refuses every other channel', async () => {
      for (const channel of ['private-kiosk-ed-g', commandChannelOf(emergency.mac), userChannelName(1), 'private-server', 'presence-kiosk-3n']) {
        const res = await auth(north.mac, channel);
        expect(res.status, channel).toBe(403);
        expect(res.body.message).toBe(`You may not join ${channel}`);
      }
    });

    it('refuses a wrong token, and a malformed request', async () => {
      expect((await auth(north.mac, 'private-kiosk-3n', { token: 'forged' })).status).toBe(401);
      expect((await auth(emergency.mac, 'private-kiosk-3n', { token: gatewayToken(TEST_INGEST_SECRET, north.mac) })).status).toBe(401);
      const bad = await gatewayCall(ctx.app, north.mac, 'POST', 'gateways/pusher/auth', { body: { socket_id: 'abc', channel_name: 'private-kiosk-3n' } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('socket_id');
    });
  });
});
