import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { normalizeMac, typedMacField } from '../../contracts/fields';
import { lastStatusSchema, STATION_SLOTS } from '../../contracts/stations-realtime';
import { SEED_DEVICE_MODELS } from '../../db/demo/devices-data';
import type { GatewayActivity } from './activity';
import { DEFAULT_NEW_GATEWAY_MODEL, MAX_ANNOUNCED, type FieldFleet } from './field-gateway';
import type { KioskGateway } from './kiosk-gateway';
import { ApiError } from './load';
import { BoardError } from './station-board';
import type { OperationsPlayer } from './operations-player';
import type { SetupControls } from './setup-protocol';
import { GATEWAY_MODES } from './transport';

/** What the control API drives. */
export interface ControlTarget {
  readonly gateways: readonly KioskGateway[];
  readonly activity: Pick<GatewayActivity, 'eventsPerSecond' | 'events' | 'setRate'>;
  /** The device operations the gateways carry out, when they do. */
  readonly operations?: Pick<OperationsPlayer, 'hold' | 'held' | 'failSoftware' | 'failingSoftware'>;
  /** The console's setup, scan and device-info requests: how the gateways answer, and the gateways that are no kiosk. */
  readonly setup?: { controls: SetupControls; fields?: Pick<FieldFleet, 'gateways' | 'announce'> };
}

export interface RunningControlServer {
  port: number;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 64 * 1024;
const slot = z.number().int().min(1).max(STATION_SLOTS);
const placeSchema = z.strictObject({ slot: slot.optional(), wristbandMac: typedMacField.optional() });
const modeSchema = z.strictObject({ mode: z.enum(GATEWAY_MODES), lateMs: z.number().int().min(0).max(600_000).optional() });
const statusSchema = z.strictObject({ wristbandMac: typedMacField, working: z.boolean(), lastStatus: lastStatusSchema.nullable().default(null) });
const activitySchema = z.strictObject({ eventsPerSecond: z.number().min(0).max(100) });
const GATEWAY_MODEL_IDS = SEED_DEVICE_MODELS.filter((m) => m.deviceType === 'GATEWAY').map((m) => m.id);
const newGatewaysSchema = z.strictObject({
  count: z.number().int().min(1).max(MAX_ANNOUNCED).default(1),
  modelId: z
    .number()
    .int()
    .refine((id) => GATEWAY_MODEL_IDS.includes(id), `must be a gateway model: ${GATEWAY_MODEL_IDS.join(', ')}`)
    .default(DEFAULT_NEW_GATEWAY_MODEL),
});

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function describe(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new HttpError(400, describe(parsed.error));
  return parsed.data;
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, `The body is larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The body is not valid JSON');
  }
}

function notPlayed(what: string): never {
  throw new HttpError(404, `The gateways carry out no ${what} (GATEWAY_SIMULATOR_OPERATIONS_MS=0)`);
}

/**
 * A flag on some gateways or devices: GET lists the MACs it is set on, POST {macs, [flag]: boolean}
 * sets or clears it on those MACs; both answer {[flag]: macs}.
 */
async function macFlag(request: IncomingMessage, path: string, flag: string, set: (mac: string, on: boolean) => void, list: () => string[]): Promise<Record<string, string[]>> {
  const method = request.method ?? 'GET';
  if (method !== 'GET') {
    if (method !== 'POST') throw new HttpError(405, `${path} answers GET and POST only`);
    const body = parse(z.strictObject({ macs: z.array(typedMacField).max(500), [flag]: z.boolean() }), await readJson(request)) as { macs: string[] } & Record<string, boolean>;
    for (const mac of body.macs) set(normalizeMac(mac), body[flag] as boolean);
  }
  return { [flag]: list() };
}

function findGateway(target: ControlTarget, rawMac: string): KioskGateway {
  const parsed = typedMacField.safeParse(decodeURIComponent(rawMac));
  if (!parsed.success) throw new HttpError(400, `${rawMac}: ${describe(parsed.error)}`);
  const gateway = target.gateways.find((g) => normalizeMac(g.mac) === parsed.data);
  if (!gateway) throw new HttpError(404, `No simulated kiosk gateway has MAC ${parsed.data}`);
  return gateway;
}

async function route(target: ControlTarget, request: IncomingMessage): Promise<unknown> {
  const path = new URL(request.url ?? '/', 'http://control').pathname.replace(/\/+$/, '');
  const method = request.method ?? 'GET';
  const allow = (expected: string) => {
    if (method !== expected) throw new HttpError(405, `${path} answers ${expected} only`);
  };
  if (path === '/gateways') {
    allow('GET');
    return target.gateways.map((g) => g.summary());
  }
  if (path === '/activity') {
    if (method === 'GET') return { eventsPerSecond: target.activity.eventsPerSecond, events: target.activity.events };
    allow('POST');
    target.activity.setRate(parse(activitySchema, await readJson(request)).eventsPerSecond);
    return { eventsPerSecond: target.activity.eventsPerSecond, events: target.activity.events };
  }
  if (path === '/operations') {
    const operations = target.operations ?? notPlayed('device operations');
    return macFlag(request, path, 'held', (mac, on) => operations.hold(mac, on), () => operations.held());
  }
  if (path === '/software') {
    const operations = target.operations ?? notPlayed('software jobs');
    return macFlag(request, path, 'failing', (mac, on) => operations.failSoftware(mac, on), () => operations.failingSoftware());
  }
  if (path === '/setup' || path === '/scan' || path === '/device-info') {
    const controls = target.setup?.controls;
    if (!controls) throw new HttpError(404, 'The gateways answer no setup, scan or device-info requests here');
    const kind = path === '/setup' ? 'failing' : path === '/scan' ? 'silent' : 'unreachable';
    return macFlag(request, path, kind, (mac, on) => controls.set(kind, [mac], on), () => controls.list(kind));
  }
  if (path === '/field-gateways') {
    allow('GET');
    return (target.setup?.fields?.gateways() ?? []).map((g) => g.summary());
  }
  if (path === '/gateways/new') {
    allow('POST');
    const fields = target.setup?.fields;
    if (!fields) throw new HttpError(404, 'The simulator plays no gateways that could announce themselves');
    const { count, modelId } = parse(newGatewaysSchema, await readJson(request));
    try {
      const gateways = (await fields.announce(count, modelId)).map((g) => g.summary());
      return { macs: gateways.map((g) => g.mac), gateways };
    } catch (error) {
      if (error instanceof ApiError) throw new HttpError(error.status >= 400 && error.status < 500 ? 409 : 502, `The API refused the announcement: ${error.message}`);
      throw error;
    }
  }
  const match = path.match(/^\/gateways\/([^/]+)(?:\/(mode|dock|undock|status))?$/);
  if (!match) throw new HttpError(404, `Nothing at ${method} ${path}`);
  const gateway = findGateway(target, match[1]!);
  const action = match[2];
  if (!action) {
    allow('GET');
    return { ...gateway.summary(), state: gateway.state() };
  }
  allow('POST');
  const body = await readJson(request);
  switch (action) {
    case 'mode': {
      const { mode, lateMs } = parse(modeSchema, body);
      gateway.setMode(mode, lateMs);
      return gateway.summary();
    }
    case 'dock':
      return gateway.dock(parse(placeSchema, body));
    case 'undock':
      return gateway.undock(parse(placeSchema, body));
    default: {
      const { wristbandMac, working, lastStatus } = parse(statusSchema, body);
      return gateway.setStatus(wristbandMac, working, lastStatus);
    }
  }
}

// Each call on a connection of its own: a kept-alive socket the server drops when idle (5 s) can be
// picked for the caller's next call at that very moment, which then fails with ECONNRESET.
function reply(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
  response.end(JSON.stringify(body));
}

/**
 * The simulator's control API on 127.0.0.1, for tests and demos: list the gateways, change a
 * gateway's mode, dock and undock wristbands, set an operation status, change the activity rate,
 * hold gateways from carrying out device operations (out of a device's range) or release them, and
 * make gateways fail the software they install, or succeed again; for the console's setup, scan
 * and device-info requests, make gateways fail their setup (`/setup`), answer none of them
 * (`/scan`), or devices unreachable (`/device-info`), list the gateways that are no kiosk
 * (`/field-gateways`) and make new gateways announce themselves into the setup queue (`/gateways/new`).
 * JSON in and out; errors are `{ message }` with 400, 404, 405, 409, 413 or 502 (the API failed an announcement).
 */
export async function startControlServer(target: ControlTarget, port: number, host = '127.0.0.1'): Promise<RunningControlServer> {
  const server = createServer((request, response) => {
    route(target, request).then(
      (body) => reply(response, 200, body),
      (error: unknown) => {
        if (error instanceof HttpError || error instanceof BoardError) return reply(response, error.status, { message: error.message });
        reply(response, 500, { message: error instanceof Error ? error.message : String(error) });
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
