import type Pusher from 'pusher-js';
import type { Channel } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_SETUP_GROUP_ID, type Gateway } from '../../../../server/src/contracts/gateways';
import {
  configRequestEvent,
  configResponseEvent,
  configResponseSchema,
  scanRequestEvent,
  scanResponseEvent,
  scanResponseSchema,
  SETUP_TIME_ZONES,
  type ConfigResponse,
  type ScanResponse,
} from '../../../../server/src/contracts/gateways-realtime';
import { gatewayCommandChannel } from '../../../../server/src/contracts/stations-realtime';
import type { RunningPusherServer } from '../../../../server/src/realtime/pusher-server';
import {
  announceGateway,
  apiSetupEnvironment,
  fieldGatewaysOf,
  startFieldGateways,
  type FieldFleet,
} from '../../../../server/src/simulator/gateways/field-gateway';
import { apiAuthorizer, kioskGatewayMacsIn } from '../../../../server/src/simulator/gateways/load';
import { SetupControls } from '../../../../server/src/simulator/gateways/setup-protocol';
import { loadWorldData } from '../../../../server/src/simulator/world';
import { createTestApp, signIn, TEST_INGEST_SECRET } from '../../helpers/app';
import { consoleClient, settingsFor, startTestPusher, subscribe } from './pusher-helpers';

// The field gateways as a run plays them: with their own credentials against the API and the
// Pusher server. A new gateway announces itself into the setup queue, answers the console's
// configuration on its command channel, and its outcome reaches the Gateways page's list.

async function consoleChannel(port: number, name: string): Promise<{ client: Pusher; channel: Channel }> {
  const client = await consoleClient(port);
  return { client, channel: await subscribe(client, name) };
}

/** The answers of one event until `done` says enough. */
function answers<T>(channel: Channel, event: string, parse: (data: unknown) => T, done: (all: T[]) => boolean): Promise<T[]> {
  return new Promise((resolve) => {
    const all: T[] = [];
    const handler = (data: unknown) => {
      all.push(parse(data));
      if (!done(all)) return;
      channel.unbind(event, handler);
      resolve(all);
    };
    channel.bind(event, handler);
  });
}

describe('field gateways with the API', () => {
  let realtime: RunningPusherServer;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let apiUrl: string;
  let fields: FieldFleet | undefined;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    realtime = await startTestPusher();
    ctx = await createTestApp({ pusherPort: realtime.port });
    apiUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await fields?.close();
    await ctx?.close();
    await realtime?.close();
  });

  it('announces a new gateway into the setup queue; it answers its configuration and reports the outcome', async () => {
    const world = await loadWorldData(ctx.db);
    const kiosks = await kioskGatewayMacsIn(ctx.db);
    const infos = fieldGatewaysOf(world.devices, kiosks);
    expect(infos.length).toBeGreaterThan(0);
    expect(infos.some((g) => kiosks.includes(g.mac))).toBe(false);
    // The seeded queue's gateways are played too.
    expect(infos.filter((g) => g.groupId === GATEWAY_SETUP_GROUP_ID).length).toBeGreaterThanOrEqual(3);

    const log = { info: () => {}, debug: () => {} };
    const setup = apiSetupEnvironment({ baseUrl: apiUrl, secret: TEST_INGEST_SECRET, devices: world.devices, controls: new SetupControls() });
    // Two of the fleet are enough here: each is a connection of its own.
    fields = await startFieldGateways({
      gateways: infos.slice(0, 2),
      pusher: settingsFor(realtime.port),
      authorizerFor: (mac) => apiAuthorizer(apiUrl, TEST_INGEST_SECRET, mac),
      setup,
      announce: (mac, modelId) => announceGateway(apiUrl, TEST_INGEST_SECRET, mac, modelId),
      log,
    });
    const [fresh] = await fields.announce(1);
    expect(fresh).toBeDefined();
    expect(fresh!.info).toMatchObject({ name: '', groupId: GATEWAY_SETUP_GROUP_ID });
    expect(fields.gateways()).toHaveLength(3);

    const admin = { authorization: (await signIn('admin@demo.health')).idToken };
    const queue = async () => (await ctx.app.inject({ method: 'GET', url: `/api/devices/gateway/${GATEWAY_SETUP_GROUP_ID}`, headers: admin })).json<Gateway[]>();
    expect((await queue()).find((g) => g.mac === fresh!.mac)).toMatchObject({ name: '', status: null });

    const { client, channel } = await consoleChannel(realtime.port, gatewayCommandChannel(fresh!.mac));
    clients.push(client);
    const configured = answers<ConfigResponse>(channel, configResponseEvent, (d) => configResponseSchema.parse(d), (all) => all.some((a) => a.code !== 202));
    channel.trigger(configRequestEvent, { id: 'c1', wifi: { ssid: 'Ward-WiFi' }, timezone: SETUP_TIME_ZONES['America/Chicago'] });
    expect((await configured).map((a) => [a.mac, a.code])).toEqual([
      [fresh!.mac, 202],
      [fresh!.mac, 200],
    ]);
    await expect.poll(async () => (await queue()).find((g) => g.mac === fresh!.mac)?.status, { timeout: 5_000 }).toMatchObject({ code: 200, message: 'Gateway set up' });

    // A placed gateway hears its location's devices as well as new ones.
    const placed = fields.gateways().find((g) => g.info.groupId !== GATEWAY_SETUP_GROUP_ID)!;
    const other = await consoleChannel(realtime.port, gatewayCommandChannel(placed.mac));
    clients.push(other.client);
    const heard = answers<ScanResponse>(other.channel, scanResponseEvent, (d) => scanResponseSchema.parse(d), (all) => all.some((a) => a.type === 'DATA'));
    other.channel.trigger(scanRequestEvent, { id: 's1', deviceTypes: ['BEACON', 'DISPENSER'], timeout: 15 });
    const [status, first] = await heard;
    expect(status).toMatchObject({ type: 'STATUS', code: 200 });
    expect(first?.type).toBe('DATA');
    const macs = first?.type === 'DATA' ? first.devices.map((d) => d.mac) : [];
    expect(macs.length).toBeGreaterThan(0);
    other.channel.trigger(scanRequestEvent, { id: 's1', deviceTypes: ['BEACON', 'DISPENSER'], timeout: 15, stop: true });
  });
});
