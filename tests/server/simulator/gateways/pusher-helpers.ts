import PusherServer from 'pusher';
import Pusher, { type Channel } from 'pusher-js';
import { startPusherServer, type RunningPusherServer } from '../../../../server/src/realtime/pusher-server';
import { PUSHER_TEST_APP } from '../../helpers/app';
import { nextEvent } from '../../realtime/helpers';

// The Pusher side of the simulator tests: a local Pusher-protocol server, the server SDK that
// signs for it, the settings a simulated gateway connects with, and a console's client.

export const startTestPusher = (): Promise<RunningPusherServer> =>
  startPusherServer({ port: 0, apps: [{ id: PUSHER_TEST_APP.appId, key: PUSHER_TEST_APP.key, secret: PUSHER_TEST_APP.secret }] });

export const sdkFor = (port: number) => new PusherServer({ ...PUSHER_TEST_APP, host: '127.0.0.1', port: String(port), useTLS: false });

export const settingsFor = (port: number) => ({ key: PUSHER_TEST_APP.key, cluster: 'mt1', wsHost: '127.0.0.1', wsPort: port, forceTLS: false });

/** A console page's side: a pusher-js client whose subscriptions the test signs itself. */
export async function consoleClient(port: number, sdk: PusherServer = sdkFor(port)): Promise<Pusher> {
  const client = new Pusher(PUSHER_TEST_APP.key, {
    ...settingsFor(port),
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: { customHandler: ({ socketId, channelName }, callback) => callback(null, sdk.authorizeChannel(socketId, channelName)) },
  });
  await nextEvent(client.connection, 'connected');
  return client;
}

export function subscribe(client: Pusher, name: string): Promise<Channel> {
  const channel = client.subscribe(name);
  return nextEvent(channel, 'pusher:subscription_succeeded').then(() => channel);
}
