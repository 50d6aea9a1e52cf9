import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_CHANNEL } from '../../../../server/src/contracts/realtime';
import { MODEL_IDS } from '../../../../server/src/db/demo/devices-data';
import { devices, type DeviceRow } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { uniqueMac } from '../../helpers/fleet';
import { createStationsAccount, ICU_NORTH, kiosk } from './stations-client';

const SOCKET = '1111.2222';
const commandChannelOf = (mac: string) => `private-${mac.toLowerCase().replaceAll(':', '-')}`;

describe('POST /api/pusher/auth for gateway channels', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let nurse: Tokens;
  /** STATIONS, managing ICU – 3 North only. */
  let scoped: Tokens;
  /** NFC_STATIONS only, managing ICU – 3 North. */
  let nfcOnly: Tokens;
  /** BEACONS only (a device permission, but not one that talks to gateways), managing ICU – 3 North. */
  let beacons: Tokens;
  let north: DeviceRow;
  let emergency: DeviceRow;

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, nurse] = await Promise.all([signIn('admin@demo.health'), signIn('nurse@demo.health')]);
    scoped = (await createStationsAccount(ctx.db, { subjects: ['STATIONS'], groupIds: [ICU_NORTH] })).tokens;
    nfcOnly = (await createStationsAccount(ctx.db, { subjects: ['NFC_STATIONS'], groupIds: [ICU_NORTH] })).tokens;
    beacons = (await createStationsAccount(ctx.db, { subjects: ['BEACONS'], groupIds: [ICU_NORTH] })).tokens;
    [north, emergency] = await Promise.all([kiosk(ctx.db, 'Kiosk 3N'), kiosk(ctx.db, 'Kiosk ED-G')]);
  });
  afterAll(() => ctx.close());

  const authorize = async (tokens: Tokens, channel: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/pusher/auth',
      headers: { authorization: tokens.idToken, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ socket_id: SOCKET, channel_name: channel }).toString(),
    });
    return res.statusCode;
  };

  it('signs the session and command channels of any gateway for the provider admin', async () => {
    for (const channel of ['private-kiosk-3n', commandChannelOf(north.mac), 'private-kiosk-ed-g', 'private-gateway-3n-1']) {
      expect(await authorize(admin, channel), channel).toBe(200);
    }
  });

  it('signs the channels of gateways in the caller’s scope only', async () => {
    for (const tokens of [scoped, nfcOnly]) {
      expect(await authorize(tokens, 'private-kiosk-3n')).toBe(200);
      expect(await authorize(tokens, commandChannelOf(north.mac))).toBe(200);
      expect(await authorize(tokens, 'private-kiosk-ed-g')).toBe(403);
      expect(await authorize(tokens, commandChannelOf(emergency.mac))).toBe(403);
    }
  });

  it('refuses gateway channels without a Stations or Gateways permission', async () => {
    expect(await authorize(beacons, 'private-kiosk-3n')).toBe(403);
    expect(await authorize(nurse, 'private-kiosk-3n')).toBe(403);
    // The server channel carries the Server Logs page's request log: a device permission is not enough.
    expect(await authorize(beacons, SERVER_CHANNEL)).toBe(403);
    expect(await authorize(nurse, SERVER_CHANNEL)).toBe(403);
  });

  it('refuses channels that are no active gateway’s', async () => {
    const [retired] = await ctx.db
      .insert(devices)
      .values({ mac: uniqueMac(), type: 'GATEWAY', name: 'Kiosk Old 3N', groupId: ICU_NORTH, modelId: MODEL_IDS.kiosk, role: 'KIOSK_GATEWAY', active: false })
      .returning();
    const [band] = await ctx.db
      .insert(devices)
      .values({ mac: uniqueMac(), type: 'WRISTBAND', name: 'Kiosk Band 3N', groupId: ICU_NORTH, modelId: MODEL_IDS.zephyr })
      .returning();
    for (const channel of [
      'private-kiosk-old-3n',
      commandChannelOf(retired?.mac as string),
      'private-kiosk-band-3n',
      commandChannelOf(band?.mac as string),
      'private-no-such-gateway',
      'private-encrypted-kiosk-3n',
      'private-group-6',
    ]) {
      expect(await authorize(admin, channel), channel).toBe(403);
    }
  });
});
