import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type Pusher from 'pusher-js';
import { announcedGatewaySchema, GATEWAY_SETUP_GROUP_ID, type AnnouncedGateway } from '../../contracts/gateways';
import { normalizeMac } from '../../contracts/fields';
import { gatewayCommandChannel } from '../../contracts/stations-realtime';
import { createDatabase } from '../../db/client';
import { MODEL_IDS } from '../../db/demo/devices-data';
import { loadWorldData, readWorldFile, simulatorFiles } from '../world';
import { silentLog, systemClock, TimerSet, type Clock, type Log } from './clock';
import { connectGateway } from './fleet';
import { knownNeighbours, type KnownDevice } from './heard-devices';
import { gatewayHeaders, type ChannelAuthorizer, type PusherSettings } from './load';
import { send } from './operations-player';
import { GatewaySetup, type SetupControls, type SetupEnvironment, type SetupHost } from './setup-protocol';
import type { GatewayMode, GatewayTransport } from './transport';

// The gateways that are no kiosk (docs/GATEWAYS.md 'The simulator'): each on its own Pusher
// connection, subscribed to its command channel, answering the console's setup, scan and
// device-info requests. New ones announce themselves to the API and join the setup queue.

/** What the simulator knows of a gateway that is no kiosk. */
export interface FieldGatewayInfo {
  mac: string;
  /** Empty while it waits in the setup queue. */
  name: string;
  groupId: number | null;
  modelId: number;
}

/** What the control API shows of one. */
export interface FieldGatewaySummary extends FieldGatewayInfo {
  scanning: boolean;
}

/** One simulated gateway that is no kiosk: only its command channel, only the setup protocol. */
export class FieldGateway implements SetupHost {
  readonly mac: string;
  readonly name: string;
  readonly commandChannel: string;
  readonly mode: GatewayMode = 'normal';
  readonly muted = false;
  readonly timers: TimerSet;
  private readonly setup: GatewaySetup;

  constructor(
    readonly info: FieldGatewayInfo,
    private readonly options: { transport: GatewayTransport; setup: SetupEnvironment; clock?: Clock; log?: Log },
  ) {
    this.mac = info.mac;
    this.name = info.name;
    this.commandChannel = gatewayCommandChannel(info.mac);
    this.timers = new TimerSet(options.clock ?? systemClock);
    this.setup = new GatewaySetup(this, options.setup, options.log ?? silentLog);
  }

  receive(channel: string, event: string, payload: unknown): void {
    if (channel === this.commandChannel) this.setup.receive(event, payload);
  }

  send(channel: string, event: string, payload: unknown): void {
    this.options.transport.trigger(channel, event, payload);
  }

  summary(): FieldGatewaySummary {
    return { ...this.info, scanning: this.setup.scanning };
  }

  close(): void {
    this.setup.close();
    this.timers.clear();
  }
}

// ---- Where the field gateways come from -------------------------------------------------------

/** The active devices of the database, or of the world file the API server writes at start. */
export async function loadKnownDevices(source: { databaseUrl?: string; dataDir: string }): Promise<KnownDevice[]> {
  if (source.databaseUrl) {
    const handle = await createDatabase({ url: source.databaseUrl });
    try {
      return (await loadWorldData(handle.db)).devices;
    } finally {
      await handle.close();
    }
  }
  const file = simulatorFiles(source.dataDir).world;
  return existsSync(file) ? (await readWorldFile(file)).devices : [];
}

/** The gateways among the devices that are not the kiosks played already. */
export function fieldGatewaysOf(devices: readonly (KnownDevice & { name?: string })[], kioskMacs: readonly string[]): FieldGatewayInfo[] {
  const kiosks = new Set(kioskMacs.map(normalizeMac));
  return devices
    .filter((d) => d.type === 'GATEWAY' && !kiosks.has(normalizeMac(d.mac)))
    .map((d) => ({ mac: d.mac, name: d.name ?? '', groupId: d.groupId, modelId: d.modelId }))
    .sort((a, b) => a.mac.localeCompare(b.mac));
}

/**
 * The setup environment of a run: the devices each gateway hears come from the known devices
 * (gateways announced later hear only new ones), and outcomes go to POST /api/gateways/state with
 * the gateway's own credentials.
 */
export function apiSetupEnvironment(options: { baseUrl: string; secret: string; devices: readonly KnownDevice[]; controls: SetupControls }): SetupEnvironment & {
  addGateway(row: KnownDevice): void;
} {
  const byMac = new Map(options.devices.map((d) => [normalizeMac(d.mac), d]));
  const devices = [...options.devices];
  return {
    controls: options.controls,
    neighbours: (mac) => knownNeighbours(byMac.get(normalizeMac(mac)) ?? null, devices),
    device: (mac) => byMac.get(normalizeMac(mac)) ?? null,
    report: async (mac, status) => {
      await send(`${options.baseUrl}/api/gateways/state`, {
        method: 'POST',
        headers: { ...gatewayHeaders(options.secret, mac), 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
    },
    addGateway: (row) => {
      byMac.set(normalizeMac(row.mac), row);
      devices.push(row);
    },
  };
}

/** POST /api/gateways/announce as the gateway with this MAC. */
export async function announceGateway(baseUrl: string, secret: string, mac: string, modelId: number): Promise<AnnouncedGateway> {
  const body = await send(`${baseUrl}/api/gateways/announce`, {
    method: 'POST',
    headers: { ...gatewayHeaders(secret, mac), 'content-type': 'application/json' },
    body: JSON.stringify({ modelId }),
  });
  return announcedGatewaySchema.parse(body);
}

/** The prefix of the MACs of announced gateways (that of the seeded ones in the setup queue). */
export const NEW_GATEWAY_MAC_PREFIX = 'AC:23:3F:C9';
/** The model a new gateway is of when none is asked for. */
export const DEFAULT_NEW_GATEWAY_MODEL = MODEL_IDS.minewGateway;
/** At most this many gateways announced in one call. */
export const MAX_ANNOUNCED = 20;

const randomGatewayMac = () => `${NEW_GATEWAY_MAC_PREFIX}:${[...randomBytes(2)].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(':')}`;

// ---- The fleet of them ------------------------------------------------------------------------

export interface FieldFleetOptions {
  gateways: readonly FieldGatewayInfo[];
  pusher: PusherSettings;
  authorizerFor: (mac: string) => ChannelAuthorizer;
  setup: SetupEnvironment & { addGateway?(row: KnownDevice): void };
  /** Announces a gateway to the API; without it, no gateway can be announced. */
  announce?: (mac: string, modelId: number) => Promise<AnnouncedGateway>;
  clock?: Clock;
  log?: Log;
}

export interface FieldFleet {
  gateways(): FieldGateway[];
  find(mac: string): FieldGateway | undefined;
  /** Announces `count` gateways not known yet, of this model, and plays them; resolves once they listen. */
  announce(count: number, modelId?: number): Promise<FieldGateway[]>;
  close(): Promise<void>;
}

/**
 * Starts one simulated gateway per gateway that is no kiosk, each on its own Pusher connection
 * (a gateway's credentials sign its own channels only) subscribed to its command channel.
 * Resolves once the subscriptions are made (or have failed, which is logged).
 */
export async function startFieldGateways(options: FieldFleetOptions): Promise<FieldFleet> {
  const log = options.log ?? silentLog;
  const gateways = new Map<string, FieldGateway>();
  const clients: Pusher[] = [];

  function play(info: FieldGatewayInfo): { gateway: FieldGateway; ready: Promise<void> } {
    const connection = connectGateway({
      pusher: options.pusher,
      authorize: options.authorizerFor(info.mac),
      channels: [gatewayCommandChannel(info.mac)],
      label: info.name || info.mac,
      log,
      // Messages come once subscribed, after the gateway below exists.
        receive: (channel, event, payload) => gateway.receive(channel, event, payload),
    });
    clients.push(connection.client);
    const gateway = new FieldGateway(info, { transport: connection.transport, setup: options.setup, clock: options.clock, log });
    gateways.set(normalizeMac(info.mac), gateway);
    return { gateway, ready: connection.ready };
  }

  await Promise.all(options.gateways.map((info) => play(info).ready));

  return {
    gateways: () => [...gateways.values()].sort((a, b) => a.mac.localeCompare(b.mac)),
    find: (mac) => gateways.get(normalizeMac(mac)),
    async announce(count, modelId = DEFAULT_NEW_GATEWAY_MODEL) {
      const announce = options.announce;
      if (!announce) throw new Error('The simulator cannot announce gateways without the API');
      const started: { gateway: FieldGateway; ready: Promise<void> }[] = [];
      for (let i = 0; i < count; i++) {
        // A MAC already known (a clash of the random part) is tried again with another.
        let row: AnnouncedGateway | null = null;
        for (let attempt = 0; attempt < 10 && !row?.created; attempt++) row = await announce(randomGatewayMac(), modelId);
        if (!row?.created) throw new Error('No unknown MAC found for a new gateway');
        options.setup.addGateway?.({ id: row.id, mac: row.mac, type: 'GATEWAY', modelId: row.modelId, groupId: row.groupId ?? GATEWAY_SETUP_GROUP_ID, gatewayId: null });
        started.push(play({ mac: row.mac, name: row.name, groupId: row.groupId, modelId: row.modelId }));
        log.info(`New gateway ${row.mac} announced: in the setup queue`);
      }
      await Promise.all(started.map((s) => s.ready));
      return started.map((s) => s.gateway);
    },
    close: async () => {
      for (const gateway of gateways.values()) gateway.close();
      for (const client of clients) client.disconnect();
    },
  };
}
