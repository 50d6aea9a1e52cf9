import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userChannelName } from '../../../server/src/contracts/realtime';
import { sessionDownEvent } from '../../../server/src/contracts/stations-realtime';
import { devices } from '../../../server/src/db/schema';
import { gatewayToken } from '../../../server/src/core/gateway-auth';
import { startPusherServer, type RunningPusherServer } from '../../../server/src/realtime/pusher-server';
import { createTestApp, PUSHER_TEST_APP, signIn, TEST_INGEST_SECRET, userIdOf, type Tokens } from '../helpers/app';
import { nextEvent, subscribe } from '../realtime/helpers';

// The whole path the browser takes: pusher-js asks our API to sign the subscription, the local
// Pusher-protocol server checks the signature, and server code publishes through the `pusher` SDK.
describe('realtime through the API', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let realtime: RunningPusherServer;
  let apiUrl: string;
  let admin: Tokens;
  let adminId: number;
  const clients: Pusher[] = [];

  beforeAll(async () => {
    realtime = await startPusherServer({
      port: 0,
      apps: [{ id: PUSHER_TEST_APP.appId, key: PUSHER_TEST_APP.key, secret: PUSHER_TEST_APP.secret }],
    });
    ctx = await createTestApp({ pusherPort: realtime.port });
    apiUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await signIn('admin@demo.health');
    adminId = await userIdOf(ctx.app, admin.idToken, 'admin@demo.health');
  });
  afterAll(async () => {
    for (const client of clients) client.disconnect();
    await ctx?.close();
    await realtime?.close();
  });

  const client = (endpoint: string, headers: Record<string, string>) =>
    new Pusher(PUSHER_TEST_APP.key, {
      wsHost: '127.0.0.1',
      wsPort: realtime.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      cluster: 'mt1',
      disableStats: true,
      channelAuthorization: { endpoint: `${apiUrl}${endpoint}`, transport: 'ajax', headers },
    });
  const appClient = (idToken: string) => client('/api/pusher/auth', { Authorization: idToken });
  /** A kiosk gateway signing its subscriptions with its own credentials. */
  const gatewayClient = (mac: string) =>
    client('/api/gateways/pusher/auth', { 'X-Gateway-Mac': mac, Authorization: `Bearer ${gatewayToken(TEST_INGEST_SECRET, mac)}` });
  const connected = async (c: Pusher) => {
    clients.push(c);
    await new Promise<void>((resolve) => c.connection.bind('connected', () => resolve()));
    return c;
  };

  it('delivers an event published by server code to the signed-in user’s private channel', async () => {
    const client = appClient(admin.idToken);
    clients.push(client);
    await new Promise<void>((resolve) => client.connection.bind('connected', () => resolve()));
    const channel = await subscribe(client, userChannelName(adminId));
    const received = nextEvent<{ message: string }>(channel, 'notice');
    await ctx.pusher.trigger(userChannelName(adminId), 'notice', { message: 'hello' });
    expect((await received).data).toEqual({ message: 'hello' });
  });

  it('lets the console and a kiosk gateway meet on the gateway’s session channel', async () => {
    const [kiosk] = await ctx.db.select().from(devices).where(eq(devices.name, 'Kiosk 3N'));
    const gateway = await connected(gatewayClient(kiosk?.mac as string));
    const consoleClient = await connected(appClient(admin.idToken));
    const [gatewaySide, consoleSide] = await Promise.all([subscribe(gateway, 'private-kiosk-3n'), subscribe(consoleClient, 'private-kiosk-3n')]);
    const received = nextEvent<{ type: string }>(gatewaySide, sessionDownEvent());
    expect(consoleSide.trigger(sessionDownEvent(), { type: 'JOIN', sessionId: 's1', id: 'm1' })).toBe(true);
    expect((await received).data).toEqual({ type: 'JOIN', sessionId: 's1', id: 'm1' });
    // The gateway may not listen in on another station.
    await expect(subscribe(gateway, 'private-kiosk-ed-g')).rejects.toThrow(/refused/);
  });

  it('refuses a subscription the API will not sign', async () => {
    const client = appClient(admin.idToken);
    clients.push(client);
    await new Promise<void>((resolve) => client.connection.bind('connected', () => resolve()));
    await expect(subscribe(client, userChannelName(adminId + 1))).rejects.toThrow(/refused/);
  });
});
