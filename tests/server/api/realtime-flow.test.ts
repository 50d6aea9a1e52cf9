import Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userChannelName } from '../../../server/src/contracts/realtime';
import { startPusherServer, type RunningPusherServer } from '../../../server/src/realtime/pusher-server';
import { createTestApp, PUSHER_TEST_APP, signIn, userIdOf, type Tokens } from '../helpers/app';
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

  const appClient = (idToken: string) =>
    new Pusher(PUSHER_TEST_APP.key, {
      wsHost: '127.0.0.1',
      wsPort: realtime.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      cluster: 'mt1',
      disableStats: true,
      channelAuthorization: { endpoint: `${apiUrl}/api/pusher/auth`, transport: 'ajax', headers: { Authorization: idToken } },
    });

  it('delivers an event published by server code to the signed-in user’s private channel', async () => {
    const client = appClient(admin.idToken);
    clients.push(client);
    await new Promise<void>((resolve) => client.connection.bind('connected', () => resolve()));
    const channel = await subscribe(client, userChannelName(adminId));
    const received = nextEvent<{ message: string }>(channel, 'notice');
    await ctx.pusher.trigger(userChannelName(adminId), 'notice', { message: 'hello' });
    expect((await received).data).toEqual({ message: 'hello' });
  });

  it('refuses a subscription the API will not sign', async () => {
    const client = appClient(admin.idToken);
    clients.push(client);
    await new Promise<void>((resolve) => client.connection.bind('connected', () => resolve()));
    await expect(subscribe(client, userChannelName(adminId + 1))).rejects.toThrow(/refused/);
  });
});
