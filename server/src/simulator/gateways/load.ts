import { existsSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { runtimeConfigSchema, type RuntimeConfig } from '../../contracts/config';
import { gatewayStationSchema, KIOSK_GATEWAY_MODEL_ID, KIOSK_GATEWAY_ROLE, type GatewayStation } from '../../contracts/stations';
import { createDatabase, type Database } from '../../db/client';
import { devices } from '../../db/schema';
import { gatewayToken } from '../../core/gateway-auth';
import { readWorldFile, simulatorFiles, type WorldData } from '../world';
import type { Log } from './clock';

/** Where the Pusher connection goes, as the API tells browsers. */
export type PusherSettings = RuntimeConfig['pusher'];

/** Signs a subscription for a gateway's own channels. */
export type ChannelAuthorizer = (socketId: string, channelName: string) => Promise<{ auth: string }>;

/** An answer of the API that is not what was asked for; `status` 0 when it did not answer at all. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** A gateway's credentials, as a real gateway sends them: its MAC and its ingest token. */
export function gatewayHeaders(secret: string, mac: string): Record<string, string> {
  return { 'x-gateway-mac': mac, authorization: `Bearer ${gatewayToken(secret, mac)}` };
}

async function getJson(url: string, init?: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (error) {
    throw new ApiError(`${url}: ${error instanceof Error ? error.message : String(error)}`, 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new ApiError(`${url}: HTTP ${response.status}${typeof message === 'string' ? ` ${message}` : ''}`, response.status);
  }
  return body;
}

/** GET /api/gateways/station with the gateway's credentials: its name, channels and home wristbands. */
export async function fetchGatewayStation(baseUrl: string, secret: string, mac: string): Promise<GatewayStation> {
  return gatewayStationSchema.parse(await getJson(`${baseUrl}/api/gateways/station`, { headers: gatewayHeaders(secret, mac) }));
}

/** The Pusher settings from /config.json. */
export async function fetchPusherSettings(baseUrl: string): Promise<PusherSettings> {
  return runtimeConfigSchema.parse(await getJson(`${baseUrl}/config.json`)).pusher;
}

/** Signs through POST /api/gateways/pusher/auth, which signs a gateway's own channels only. */
export function apiAuthorizer(baseUrl: string, secret: string, mac: string): ChannelAuthorizer {
  return async (socketId, channelName) => {
    const body = await getJson(`${baseUrl}/api/gateways/pusher/auth`, {
      method: 'POST',
      headers: { ...gatewayHeaders(secret, mac), 'content-type': 'application/json' },
      body: JSON.stringify({ socket_id: socketId, channel_name: channelName }),
    });
    const auth = (body as { auth?: unknown } | null)?.auth;
    if (typeof auth !== 'string') throw new ApiError(`${baseUrl}/api/gateways/pusher/auth answered without auth`, 200);
    return { auth };
  };
}

/** The demo's kiosk gateways in a world file. */
export function kioskGatewayMacs(world: Pick<WorldData, 'devices'>): string[] {
  return world.devices
    .filter((d) => d.role === KIOSK_GATEWAY_ROLE && d.modelId === KIOSK_GATEWAY_MODEL_ID)
    .map((d) => d.mac)
    .sort();
}

/** The active kiosk gateways in the database. */
export async function kioskGatewayMacsIn(db: Database): Promise<string[]> {
  const rows = await db
    .select({ mac: devices.mac })
    .from(devices)
    .where(and(eq(devices.active, true), eq(devices.role, KIOSK_GATEWAY_ROLE), eq(devices.modelId, KIOSK_GATEWAY_MODEL_ID)));
  return rows.map((r) => r.mac).sort();
}

/** Every gateway of the world file, or the active ones of the database (those that carry out device operations). */
export async function loadGatewayMacs(source: { databaseUrl?: string; dataDir: string }): Promise<string[]> {
  if (source.databaseUrl) {
    const handle = await createDatabase({ url: source.databaseUrl });
    try {
      const rows = await handle.db.select({ mac: devices.mac }).from(devices).where(and(eq(devices.active, true), eq(devices.type, 'GATEWAY')));
      return rows.map((r) => r.mac).sort();
    } finally {
      await handle.close();
    }
  }
  const file = simulatorFiles(source.dataDir).world;
  if (!existsSync(file)) return [];
  return (await readWorldFile(file)).devices
    .filter((d) => d.type === 'GATEWAY')
    .map((d) => d.mac)
    .sort();
}

/**
 * The MACs of the kiosk gateways to play: from the database when there is a URL, else from the
 * world file the API server writes at start (PGlite is open in that process only).
 */
export async function loadKioskGatewayMacs(source: { databaseUrl?: string; dataDir: string }): Promise<string[]> {
  if (source.databaseUrl) {
    const handle = await createDatabase({ url: source.databaseUrl });
    try {
      return await kioskGatewayMacsIn(handle.db);
    } finally {
      await handle.close();
    }
  }
  const file = simulatorFiles(source.dataDir).world;
  if (!existsSync(file)) throw new Error(`No kiosk gateways to play: ${file} is written by the API server at start (with SEED_DEMO on).`);
  return kioskGatewayMacs(await readWorldFile(file));
}

/** Retries while the API is not answering or failing (5xx); a refusal (4xx) is final. */
export async function withRetry<T>(what: () => Promise<T>, options: { attempts: number; delayMs: number; log?: Log; label: string }): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await what();
    } catch (error) {
      const retryable = error instanceof ApiError && (error.status === 0 || error.status >= 500);
      if (!retryable || attempt >= options.attempts) throw error;
      options.log?.debug(`${options.label}: ${error.message}; trying again`);
      await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    }
  }
}

/** Each gateway's set-up from the API; a gateway the API refuses is left out, with a line saying why. */
export async function loadGatewayStations(baseUrl: string, secret: string, macs: readonly string[], log: Log): Promise<GatewayStation[]> {
  const stations: GatewayStation[] = [];
  for (const mac of macs) {
    try {
      stations.push(await withRetry(() => fetchGatewayStation(baseUrl, secret, mac), { attempts: 10, delayMs: 1000, log, label: mac }));
    } catch (error) {
      log.info(`Kiosk gateway ${mac} left out: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return stations;
}
