import type { RuntimeConfig } from '@contracts/config';
import { pusherAuthResponseSchema, userChannelName } from '@contracts/realtime';
import Pusher, { type Channel, type ChannelAuthorizationHandler } from 'pusher-js';
import { mainApi } from './api-client';

let client: Pusher | null = null;

// Private channels are authorized by the main API (id token), through the same client as every
// other call so the retry and 401 rules hold here too.
const authorizeChannel: ChannelAuthorizationHandler = ({ socketId, channelName }, callback) => {
  mainApi
    .post('/pusher/auth', { socket_id: socketId, channel_name: channelName }, { schema: pusherAuthResponseSchema })
    .then((data) => callback(null, data))
    .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null));
};

/** Opens (once) the pusher-js connection described by the runtime config. */
export function connectRealtime({ pusher }: RuntimeConfig): Pusher {
  client ??= new Pusher(pusher.key, {
    cluster: pusher.cluster,
    forceTLS: pusher.forceTLS,
    ...(pusher.wsHost ? { wsHost: pusher.wsHost } : {}),
    ...(pusher.wsPort ? { wsPort: pusher.wsPort, wssPort: pusher.wsPort } : {}),
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    channelAuthorization: { customHandler: authorizeChannel },
  });
  return client;
}

/** Subscribes to the signed-in user's private channel; returns the channel and an unsubscribe. */
export function subscribeUserChannel(config: RuntimeConfig, userId: number): { channel: Channel; unsubscribe: () => void } {
  const pusher = connectRealtime(config);
  const name = userChannelName(userId);
  const channel = pusher.subscribe(name);
  return { channel, unsubscribe: () => pusher.unsubscribe(name) };
}

/** Closes the connection (sign-out): the next user gets a fresh one. */
export function disconnectRealtime(): void {
  client?.disconnect();
  client = null;
}
