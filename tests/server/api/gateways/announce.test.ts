import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_MESSAGES, GATEWAY_SETUP_GROUP_ID, type AnnouncedGateway, type Gateway } from '../../../../server/src/contracts/gateways';
import { gatewayToken } from '../../../../server/src/core/gateway-auth';
import { devices, gatewaySoftware, softwareVersions } from '../../../../server/src/db/schema';
import { MODEL_IDS } from '../../../../server/src/db/demo/devices-data';
import { BAD_GATEWAY_TOKEN_LIMIT } from '../../../../server/src/plugins/rate-limits';
import { createTestApp, signIn, TEST_INGEST_SECRET } from '../../helpers/app';

// A gateway just plugged in announces itself with its own credentials (its MAC and the token
// derived from it) and joins the setup queue, unnamed; a known gateway is never moved by it.

const ICU_NORTH = 6;

describe('POST /gateways/announce', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = { authorization: (await signIn('admin@demo.health')).idToken };
  });
  afterAll(() => ctx.close());

  const announce = (mac: string, body: unknown, token = gatewayToken(TEST_INGEST_SECRET, mac), address = '192.0.2.10') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/gateways/announce',
      headers: { 'x-gateway-mac': mac, authorization: `Bearer ${token}`, 'x-forwarded-for': address },
      payload: body as object,
    });
  const rowOf = async (mac: string) => (await ctx.db.select().from(devices).where(eq(devices.mac, mac)))[0];

  it('puts an unknown gateway in the setup queue, unnamed, running its model’s latest software', async () => {
    const mac = 'AC:23:3F:C9:7A:01';
    const res = await announce(mac.toLowerCase(), { modelId: MODEL_IDS.g1c });
    expect(res.statusCode).toBe(200);
    const body = res.json<AnnouncedGateway>();
    expect(body).toMatchObject({ mac, name: '', groupId: GATEWAY_SETUP_GROUP_ID, modelId: MODEL_IDS.g1c, active: true, created: true });
    expect(await rowOf(mac)).toMatchObject({ id: body.id, type: 'GATEWAY', role: 'GATEWAY', groupId: GATEWAY_SETUP_GROUP_ID, active: true });

    const installed = await ctx.db
      .select({ packageName: gatewaySoftware.packageName, isLatest: softwareVersions.isLatest })
      .from(gatewaySoftware)
      .innerJoin(softwareVersions, eq(softwareVersions.id, gatewaySoftware.softwareVersionId))
      .where(eq(gatewaySoftware.deviceId, body.id));
    expect(installed.map((i) => i.packageName).sort()).toEqual(['lavo-daemon', 'lavo-gateway']);
    expect(installed.every((i) => i.isLatest)).toBe(true);

    // The Gateway Setup drawer sees it; announced again, it is the same row.
    const queue = await ctx.app.inject({ method: 'GET', url: `/api/devices/gateway/${GATEWAY_SETUP_GROUP_ID}`, headers: admin });
    expect(queue.json<Gateway[]>().find((g) => g.mac === mac)).toMatchObject({ name: '', groupId: GATEWAY_SETUP_GROUP_ID, modelName: 'G1-C' });
    const again = await announce(mac, { modelId: MODEL_IDS.minewGateway });
    expect(again.json()).toEqual({ ...body, created: false });
  });

  it('answers a known gateway with its row and never moves it', async () => {
    const [placed] = await ctx.db.select().from(devices).where(and(eq(devices.groupId, ICU_NORTH), eq(devices.type, 'GATEWAY')));
    expect(placed).toBeDefined();
    const res = await announce(placed!.mac, { modelId: MODEL_IDS.minewGateway });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: placed!.id, mac: placed!.mac, name: placed!.name, groupId: ICU_NORTH, modelId: placed!.modelId, active: true, created: false });
    expect(await rowOf(placed!.mac)).toEqual(placed);
  });

  it('refuses the MAC of a device of another kind', async () => {
    const [beacon] = await ctx.db.select().from(devices).where(eq(devices.type, 'BEACON')).limit(1);
    const res = await announce(beacon!.mac, { modelId: MODEL_IDS.g1c });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: GATEWAY_MESSAGES.macOfAnotherDevice });
    expect(await rowOf(beacon!.mac)).toEqual(beacon);
  });

  it('answers 401 to a wrong or missing token, and creates nothing', async () => {
    const mac = 'AC:23:3F:C9:7A:02';
    expect((await announce(mac, { modelId: MODEL_IDS.g1c }, gatewayToken(TEST_INGEST_SECRET, 'AC:23:3F:C9:7A:03'))).statusCode).toBe(401);
    expect((await announce(mac, { modelId: MODEL_IDS.g1c }, 'not-a-token')).statusCode).toBe(401);
    const bare = await ctx.app.inject({ method: 'POST', url: '/api/gateways/announce', payload: { modelId: MODEL_IDS.g1c } });
    expect(bare.statusCode).toBe(401);
    expect(await rowOf(mac)).toBeUndefined();
  });

  it('answers 400 to a malformed body or a model that is no gateway’s, and creates nothing', async () => {
    const mac = 'AC:23:3F:C9:7A:04';
    for (const body of [{}, { modelId: 'nine' }, { modelId: 0 }, { modelId: 2_147_483_648 }, { modelId: 9, name: 'extra' }, { modelId: 9.5 }]) {
      const res = await announce(mac, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const beaconModel = await announce(mac, { modelId: MODEL_IDS.minew });
    expect(beaconModel.statusCode).toBe(400);
    expect(beaconModel.json()).toMatchObject({ message: GATEWAY_MESSAGES.notGatewayModel });
    expect((await announce(mac, { modelId: 2_147_483_000 })).statusCode).toBe(400);
    expect(await rowOf(mac)).toBeUndefined();
  });

  it('is limited like the other gateway routes: bad tokens from an address are refused after a while, a good one never', async () => {
    const address = '192.0.2.230';
    const mac = 'AC:23:3F:C9:7A:05';
    for (let call = 1; call <= BAD_GATEWAY_TOKEN_LIMIT; call++) expect((await announce(mac, { modelId: MODEL_IDS.g1c }, 'not-the-token', address)).statusCode).toBe(401);
    expect((await announce(mac, { modelId: MODEL_IDS.g1c }, 'not-the-token', address)).statusCode).toBe(429);
    expect(await rowOf(mac)).toBeUndefined();
    const good = await announce(mac, { modelId: MODEL_IDS.g1c }, undefined, address);
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ mac, created: true });
  });
});
