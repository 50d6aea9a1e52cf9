import PusherServer from 'pusher';
import Pusher, { type Channel } from 'pusher-js';
import { startPusherServer, type PusherApp, type RunningPusherServer } from '../../../server/src/realtime/pusher-server';

export const APP: PusherApp = { id: 'test-app', key: 'test-key', secret: 'test-secret' };
const WAIT_MS = 1500;

export interface TestServer {
  server: RunningPusherServer;
  port: number;
  /** The real `pusher` SDK pointed at the test server. */
  sdk: PusherServer;
}

/** Starts the server on a free port with one app. */
export async function startTestServer(activityTimeoutSeconds?: number): Promise<TestServer> {
  const server = await startPusherServer({ port: 0, apps: [APP], ...(activityTimeoutSeconds ? { activityTimeoutSeconds } : {}) });
  return { server, port: server.port, sdk: sdkFor(server.port) };
}

/** A `pusher` SDK client for the server on `port`, optionally with other credentials. */
export function sdkFor(port: number, app: PusherApp = APP): PusherServer {
  return new PusherServer({ appId: app.id, key: app.key, secret: app.secret, host: '127.0.0.1', port: String(port), useTLS: false });
}

export interface ClientOptions {
  key?: string;
  /** Identity used when signing presence subscriptions. */
  user?: { user_id: string; user_info?: Record<string, unknown> };
  /** Sign with a wrong secret instead of the app's. */
  forge?: boolean;
  /** How long pusher-js waits for a pong before reconnecting (pusher-js default: 30 s). */
  pongTimeout?: number;
}

/** A real pusher-js client whose channel authorizer signs with the real `pusher` SDK. */
export function createClient(port: number, options: ClientOptions = {}): Pusher {
  const signer = options.forge ? sdkFor(port, { ...APP, secret: 'not-the-secret' }) : sdkFor(port);
  return new Pusher(options.key ?? APP.key, {
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    cluster: 'mt1',
    disableStats: true,
    ...(options.pongTimeout ? { pongTimeout: options.pongTimeout } : {}),
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        const presence = channelName.startsWith('presence-') ? options.user : undefined;
        callback(null, signer.authorizeChannel(socketId, channelName, presence));
      },
    },
  });
}

/** Connects a client and resolves once pusher-js reports `connected`. */
export async function connectClient(port: number, options: ClientOptions = {}): Promise<Pusher> {
  const client = createClient(port, options);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not connected (state ${client.connection.state})`)), WAIT_MS);
    client.connection.bind('connected', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return client;
}

/** Subscribes and resolves with the channel on success; rejects with the subscription_error payload. */
export function subscribe(client: Pusher, name: string): Promise<Channel> {
  const channel = client.subscribe(name);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no subscription result for ${name}`)), WAIT_MS);
    channel.bind('pusher:subscription_succeeded', () => {
      clearTimeout(timer);
      resolve(channel);
    });
    channel.bind('pusher:subscription_error', (error: unknown) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`subscription to ${name} refused`), { payload: error }));
    });
  });
}

/** Resolves with the data (and metadata) of the next `event` on `target`. */
export function nextEvent<T = unknown>(
  target: { bind(event: string, callback: (data: T, metadata?: unknown) => void): unknown; unbind(event: string, callback?: never): unknown },
  event: string,
): Promise<{ data: T; metadata: unknown }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${event}`)), WAIT_MS);
    const handler = (data: T, metadata?: unknown) => {
      clearTimeout(timer);
      target.unbind(event, handler as never);
      resolve({ data, metadata });
    };
    target.bind(event, handler);
  });
}

/** Records every occurrence of `event` on `target`. */
export function record<T = unknown>(target: { bind(event: string, callback: (data: T) => void): unknown }, event: string): T[] {
  const seen: T[] = [];
  target.bind(event, (data: T) => seen.push(data));
  return seen;
}

/** Resolves with the next pusher-js connection-level error (e.g. a `pusher:error` frame). */
export function nextConnectionError(client: Pusher): Promise<unknown> {
  return nextEvent(client.connection, 'error').then(({ data }) => data);
}

/** Disconnects every client and closes the server, even if a test failed halfway. */
export async function cleanup(server: RunningPusherServer | undefined, clients: Pusher[]): Promise<void> {
  for (const client of clients) client.disconnect();
  await server?.close();
}
