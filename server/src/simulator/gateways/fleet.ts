import Pusher, { type Channel } from 'pusher-js';
import type { GatewayStation } from '../../contracts/stations';
import { createRandom } from '../../db/demo/random';
import { GatewayActivity } from './activity';
import { silentLog, systemClock, type Clock, type Log } from './clock';
import { KioskGateway } from './kiosk-gateway';
import type { ChannelAuthorizer, PusherSettings } from './load';
import type { GatewayTimings } from './transport';

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
      const client = gatewayClient(options.pusher, options.authorizerFor(station.mac));
      clients.push(client);
      const gateway = new KioskGateway(station, {
        clock,
        log,
        timings: options.timings,
        // Seconds since the epoch: a console open across a restart of the simulator still sees newer states.
        initialSeq: Math.floor(clock.now() / 1000),
        transport: {
          trigger: (channelName, event, payload) => {
            const channel = client.channel(channelName);
            if (!channel?.subscribed || !channel.trigger(event, payload)) log.debug(`${station.name}: ${event} not sent (not subscribed to ${channelName})`);
          },
        },
      });
      for (const name of new Set([station.sessionChannel, station.commandChannel])) {
        const channel = client.subscribe(name);
        channel.bind_global((event: string, data: unknown) => {
          if (event.startsWith('client-')) gateway.receive(name, event, data);
        });
        pending.push(subscribed(channel, SUBSCRIBE_TIMEOUT_MS).catch((error: Error) => log.info(`${station.name}: ${error.message}`)));
      }
      client.connection.bind('state_change', ({ current }: { current: string }) => {
        if (current === 'unavailable' || current === 'failed') log.info(`${station.name}: Pusher connection ${current}; pusher-js keeps trying`);
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
