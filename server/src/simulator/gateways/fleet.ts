import Pusher, { type Channel } from 'pusher-js';
import type { GatewayStation } from '../../contracts/stations';
import { gatewayRenamedEvent } from '../../contracts/stations-realtime';
import { createRandom } from '../../db/demo/random';
import { GatewayActivity } from './activity';
import { silentLog, systemClock, type Clock, type Log } from './clock';
import { KioskGateway } from './kiosk-gateway';
import type { ChannelAuthorizer, PusherSettings } from './load';
import type { SetupEnvironment } from './setup-protocol';
import type { GatewayTimings, GatewayTransport } from './transport';

export const DEFAULT_GATEWAY_SEED = 7;
/** How long start-up waits for a gateway's subscriptions before going on without them. */
const SUBSCRIBE_TIMEOUT_MS = 15_000;

export interface FleetOptions {
  stations: readonly GatewayStation[];
  pusher: PusherSettings;
  /** Signs the subscriptions of the gateway with this MAC. */
  authorizerFor: (mac: string) => ChannelAuthorizer;
  /** Fleet-wide docking and operation events per second; 0: none. */
  eventsPerSecond: number;
  seed?: number;
  clock?: Clock;
  log?: Log;
  timings?: Partial<GatewayTimings>;
  /** What the gateways hear and where they report, for the console's setup, scan and device-info requests. */
  setup?: SetupEnvironment;
}

export interface GatewayFleet {
  gateways: KioskGateway[];
  activity: GatewayActivity;
  close(): Promise<void>;
}

/** A pusher-js client as a gateway would open it: one connection, its own channel authorizer. */
function gatewayClient(settings: PusherSettings, authorize: ChannelAuthorizer): Pusher {
  return new Pusher(settings.key, {
    cluster: settings.cluster,
    forceTLS: settings.forceTLS,
    disableStats: true,
    enabledTransports: ['ws', 'wss'],
    ...(settings.wsHost ? { wsHost: settings.wsHost, ...(settings.wsPort ? { wsPort: settings.wsPort, wssPort: settings.wsPort } : {}) } : {}),
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        authorize(socketId, channelName).then(
          (data) => callback(null, data),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
        );
      },
    },
  });
}

function subscribed(channel: Channel, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to the subscription of ${channel.name}`)), timeoutMs);
    channel.bind('pusher:subscription_succeeded', () => {
      clearTimeout(timer);
      resolve();
    });
    channel.bind('pusher:subscription_error', (error: unknown) => {
      clearTimeout(timer);
      reject(new Error(`subscription to ${channel.name} refused: ${JSON.stringify(error)}`));
    });
  });
}

/** One gateway's Pusher connection: its client, how it sends, and when its subscriptions are made. */
export interface GatewayConnection {
  client: Pusher;
  transport: GatewayTransport;
  /** Resolves once every channel is subscribed, or has failed (which is logged). */
  ready: Promise<void>;
}

/**
 * Opens a gateway's own Pusher connection, subscribed to its channels; every client event on them
 * goes to `receive`. Kiosk and field gateways connect the same way.
 */
export function connectGateway(options: {
  pusher: PusherSettings;
  authorize: ChannelAuthorizer;
  channels: readonly string[];
  label: string;
  log: Log;
  receive: (channel: string, event: string, payload: unknown) => void;
}): GatewayConnection {
  const { label, log } = options;
  const client = gatewayClient(options.pusher, options.authorize);
  const join = (name: string): Promise<void> => {
    const channel = client.subscribe(name);
    channel.bind_global((event: string, data: unknown) => {
      // The console's client events, and the server's word of a rename.
      if (event.startsWith('client-') || event === gatewayRenamedEvent) options.receive(name, event, data);
    });
    return subscribed(channel, SUBSCRIBE_TIMEOUT_MS).catch((error: Error) => log.info(`${label}: ${error.message}`));
  };
  const transport: GatewayTransport = {
    trigger: (channelName, event, payload) => {
      const channel = client.channel(channelName);
      if (!channel?.subscribed || !channel.trigger(event, payload)) log.debug(`${label}: ${event} not sent (not subscribed to ${channelName})`);
    },
    follow: (from, to) => {
      if (from === to) return;
      client.unsubscribe(from);
      void join(to);
    },
  };
  const pending = [...new Set(options.channels)].map(join);
  client.connection.bind('state_change', ({ current }: { current: string }) => {
    if (current === 'unavailable' || current === 'failed') log.info(`${label}: Pusher connection ${current}; pusher-js keeps trying`);
  });
  return { client, transport, ready: Promise.all(pending).then(() => undefined) };
}

/**
 * Starts one simulated kiosk gateway per station, each on its own Pusher connection subscribed
 * to its session and command channels, and the activity that docks and undocks wristbands.
 * Resolves once the subscriptions are made (or have failed, which is logged).
 */
export async function startGatewayFleet(options: FleetOptions): Promise<GatewayFleet> {
  const clock = options.clock ?? systemClock;
  const log = options.log ?? silentLog;
  const clients: Pusher[] = [];
  const pending: Promise<void>[] = [];
  const gateways = [...options.stations]
    .sort((a, b) => a.mac.localeCompare(b.mac))
    .map((station) => {
      const connection = connectGateway({
        pusher: options.pusher,
        authorize: options.authorizerFor(station.mac),
        channels: [station.sessionChannel, station.commandChannel],
        label: station.name,
        log,
        // Messages come once subscribed, after the gateway below exists.
        receive: (channel, event, payload) => gateway.receive(channel, event, payload),
      });
      clients.push(connection.client);
      pending.push(connection.ready);
      const gateway = new KioskGateway(station, {
        clock,
        log,
        timings: options.timings,
        // Seconds since the epoch: a console open across a restart of the simulator still sees newer states.
        initialSeq: Math.floor(clock.now() / 1000),
        transport: connection.transport,
        setup: options.setup,
      });
      return gateway;
    });
  await Promise.all(pending);

  const activity = new GatewayActivity(gateways, {
    random: createRandom(options.seed ?? DEFAULT_GATEWAY_SEED),
    clock,
    eventsPerSecond: options.eventsPerSecond,
    log,
  });
  activity.start();
  return {
    gateways,
    activity,
    close: async () => {
      activity.stop();
      for (const gateway of gateways) gateway.close();
      for (const client of clients) client.disconnect();
    },
  };
}
