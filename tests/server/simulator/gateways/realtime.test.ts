import type PusherServer from 'pusher';
import type Pusher from 'pusher-js';
import type { Channel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayStation } from '../../../../server/src/contracts/stations';
import {
  commandRequestEvent,
  commandResponseEvent,
  gatewaySessionChannel,
  sessionDownEvent,
  sessionUpEvent,
  sessionUpSchema,
  type SessionUp,
} from '../../../../server/src/contracts/stations-realtime';
import type { RunningPusherServer } from '../../../../server/src/realtime/pusher-server';
import { startGatewayFleet, type GatewayFleet } from '../../../../server/src/simulator/gateways/fleet';
import { apiAuthorizer, fetchGatewayStation, kioskGatewayMacs, kioskGatewayMacsIn, loadGatewayStations } from '../../../../server/src/simulator/gateways/load';
import { loadWorldData } from '../../../../server/src/simulator/world';
import { eq } from 'drizzle-orm';
import { devices } from '../../../../server/src/db/schema';
import { createTestApp, signIn, TEST_INGEST_SECRET } from '../../helpers/app';
import { gatewayStation } from './helpers';
import { consoleClient, sdkFor, settingsFor, startTestPusher, subscribe } from './pusher-helpers';

/** The next session message of a given type, checked against the contract. */
function nextUp<T extends SessionUp['type']>(channel: Channel, type: T): Promise<Extract<SessionUp, { type: T }>> {
  return new Promise((resolve) => {
    const handler = (data: unknown) => {
      const message = sessionUpSchema.parse(data);
      if (message.type !== type) return;
      channel.unbind(sessionUpEvent(), handler);
      resolve(message as Extract<SessionUp, { type: T }>);
    };
    channel.bind(sessionUpEvent(), handler);
  });
}

/** JOINs from the console and returns the STATUS answer. */
async function join(session: Channel): Promise<Extract<SessionUp, { type: 'STATUS' }>> {
  const status = nextUp(session, 'STATUS');
  session.trigger(sessionDownEvent(), { type: 'JOIN', sessionId: 'console-1', id: 'join-1' });
  return status;
}

describe('kiosk gateway simulator over the Pusher server', () => {
  let realtime: RunningPusherServer;
  let sdk: PusherServer;
  let fleet: GatewayFleet | undefined;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    realtime = await startTestPusher();
    sdk = sdkFor(realtime.port);
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) client.disconnect();
    await fleet?.close();
  });
  afterAll(() => realtime?.close());

  async function start(station: GatewayStation) {
    fleet = await startGatewayFleet({
      stations: [station],
      pusher: settingsFor(realtime.port),
      authorizerFor: () => async (socketId, channelName) => sdk.authorizeChannel(socketId, channelName),
      eventsPerSecond: 0,
    });
    const client = await consoleClient(realtime.port, sdk);
    clients.push(client);
    return { gateway: fleet.gateways[0]!, client };
  }

  it('answers a JOIN with its state, then sends a dock as DATA', async () => {
    const station = gatewayStation(12);
    const { gateway, client } = await start(station);
    const session = await subscribe(client, station.sessionChannel);

    const status = await join(session);
    expect(status).toMatchObject({ type: 'STATUS', sessionId: 'console-1', replyTo: 'join-1', code: 200 });
    expect(status.state!.stations[0]!.slots.filter((s) => s.wristband)).toHaveLength(12);

    const undocked = nextUp(session, 'DATA');
    gateway.undock({ slot: 5 });
    const afterUndock = await undocked;
    expect(afterUndock.state.stations[0]!.slots[4]!.wristband).toBeNull();
    expect(afterUndock.state.seq).toBe(status.state!.seq + 1);

    const docked = nextUp(session, 'DATA');
    gateway.dock({ slot: 14 });
    const afterDock = await docked;
    expect(afterDock.state.stations[0]!.slots[13]!.wristband?.mac).toBe(station.wristbands[4]!.mac);
    expect(afterDock.state.seq).toBe(status.state!.seq + 2);
  });

  it('answers a terminal command on its command channel', async () => {
    const station = gatewayStation(4);
    const { client } = await start(station);
    const commands = await subscribe(client, station.commandChannel);
    const answers: unknown[] = [];
    const done = new Promise<void>((resolve) =>
      commands.bind(commandResponseEvent('cli'), (data: { code: number }) => {
        answers.push(data);
        if (data.code !== 202) resolve();
      }),
    );
    commands.trigger(commandRequestEvent('cli'), { id: 'cmd-1', command: ['date'] });
    await done;
    expect(answers).toEqual([
      { id: 'cmd-1', mac: station.mac, code: 202, message: 'Running' },
      { id: 'cmd-1', mac: station.mac, code: 200, data: expect.stringMatching(/^\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d UTC \d{4}$/) },
    ]);
  });
});

describe('kiosk gateway simulator with the API', () => {
  let realtime: RunningPusherServer;
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let apiUrl: string;
  let fleet: GatewayFleet | undefined;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    realtime = await startTestPusher();
    ctx = await createTestApp({ pusherPort: realtime.port });
    apiUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await fleet?.close();
    await ctx?.close();
    await realtime?.close();
  });

  it('reads its set-up with its own credentials, is signed by the API, and answers a JOIN', async () => {
    const macs = kioskGatewayMacs(await loadWorldData(ctx.db));
    expect(macs.length).toBeGreaterThan(0);
    expect(await kioskGatewayMacsIn(ctx.db)).toEqual(macs);
    const log = { info: (line: string) => expect.fail(line), debug: () => {} };
    const stations = await loadGatewayStations(apiUrl, TEST_INGEST_SECRET, macs.slice(0, 1), log);
    await expect(fetchGatewayStation(apiUrl, 'not-the-secret-at-all', macs[0]!)).rejects.toMatchObject({ status: 401 });
    fleet = await startGatewayFleet({
      stations,
      pusher: settingsFor(realtime.port),
      authorizerFor: (mac) => apiAuthorizer(apiUrl, TEST_INGEST_SECRET, mac),
      eventsPerSecond: 0,
      log,
    });
    const station = stations[0]!;
    const client = await consoleClient(realtime.port, sdkFor(realtime.port));
    clients.push(client);
    const session = await subscribe(client, station.sessionChannel);
    const status = await join(session);
    expect(status.code).toBe(200);
    const docked = status.state!.stations[0]!.slots.flatMap((s) => (s.wristband ? [s.wristband.mac] : []));
    expect(docked).toEqual(station.wristbands.slice(0, 16).map((w) => w.mac));
  });

  it('follows its name: renamed through the Gateways page, it answers on the new session channel', async () => {
    const station = fleet!.gateways[0]!;
    const [row] = await ctx.db.select().from(devices).where(eq(devices.mac, station.mac));
    const admin = await signIn('admin@demo.health');
    const name = `${row!.name} Renamed`;
    const renamed = await ctx.app.inject({
      method: 'POST',
      url: '/api/gateways/config',
      headers: { authorization: admin.idToken },
      payload: { id: row!.id, groupId: row!.groupId, name },
    });
    expect(renamed.statusCode).toBe(200);

    const client = await consoleClient(realtime.port, sdkFor(realtime.port));
    clients.push(client);
    // The gateway hears of the rename on its command channel and joins the new channel; the console may be first.
    await expect.poll(() => station.sessionChannel, { timeout: 5_000 }).toBe(gatewaySessionChannel(name));
    const session = await subscribe(client, gatewaySessionChannel(name));
    const joinWithin = (ms: number) => Promise.race([join(session).then((status) => status.code), new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]);
    await expect.poll(() => joinWithin(500), { timeout: 10_000 }).toBe(200);
    expect(station.name).toBe(name);
  });
});
