/**
 * `npm run simulate:gateways`: plays the demo's kiosk gateways over the Pusher server as real ones
 * would. Each reads its set-up from the API with its own credentials, answers the Stations page's
 * sessions (JOIN, PING, LEAVE, assignments) and the remote terminal's commands, and wristbands are
 * docked and undocked over time. A control API on 127.0.0.1 lets tests and demos dock, undock and
 * make a gateway silent, failing or late. Every gateway of the demo also carries out the device
 * operations (settings, firmware updates) queued for the devices it hears. Every gateway, kiosk or
 * not, answers the console's setup, scan (Find devices) and device-info requests on its command
 * channel; the control API can also make new gateways announce themselves into the setup queue.
 *
 * The gateways come from the database when DATABASE_URL is set, else from the world file the API
 * server writes under LAVO_DATA_DIR at start.
 * Environment: PORT (8080), INGEST_SECRET, LAVO_DATA_DIR (.data), DATABASE_URL,
 * GATEWAY_SIMULATOR_RATE (0.2 events/s), GATEWAY_SIMULATOR_OPERATIONS_MS (2000: how often every
 * gateway carries out the device operations it hears; 0: never), GATEWAY_SIMULATOR_SEED, GATEWAY_SIMULATOR_CONTROL_PORT
 * (unset or 0: no control API), LOG_LEVEL=debug for every event.
 */
import { resolveSecrets } from '../server/src/secrets';
import { systemClock, type Log } from '../server/src/simulator/gateways/clock';
import { startControlServer, type RunningControlServer } from '../server/src/simulator/gateways/control-server';
import { parseGatewaySimulatorEnv } from '../server/src/simulator/gateways/env';
import { announceGateway, apiSetupEnvironment, fieldGatewaysOf, loadKnownDevices, startFieldGateways, type FieldFleet } from '../server/src/simulator/gateways/field-gateway';
import { startGatewayFleet, type GatewayFleet } from '../server/src/simulator/gateways/fleet';
import { GatewayActivity } from '../server/src/simulator/gateways/activity';
import {
  apiAuthorizer,
  fetchGatewayStation,
  fetchPusherSettings,
  loadGatewayMacs,
  loadGatewayStations,
  loadKioskGatewayMacs,
  withRetry,
  type PusherSettings,
} from '../server/src/simulator/gateways/load';
import { startOperationsPlayer, type OperationsPlayer } from '../server/src/simulator/gateways/operations-player';
import { SetupControls, type SetupEnvironment } from '../server/src/simulator/gateways/setup-protocol';
import { createRandom } from '../server/src/db/demo/random';

const parsed = parseGatewaySimulatorEnv(process.env);
if ('error' in parsed) {
  console.error(`Invalid kiosk gateway simulator environment: ${parsed.error}`);
  process.exit(1);
}
const env = parsed.env;
const debug = ['debug', 'trace'].includes(env.LOG_LEVEL ?? '');
const log: Log = {
  info: (line) => console.log(`[gateways] ${line}`),
  debug: (line) => (debug ? console.log(`[gateways] ${line}`) : undefined),
};
const baseUrl = `http://localhost:${env.PORT}`;

let fleet: GatewayFleet | undefined;
let fields: FieldFleet | undefined;
let control: RunningControlServer | undefined;
let operations: OperationsPlayer | undefined;
/** The gateways the operations player plays; new ones join as they announce themselves. */
const operationMacs: string[] = [];
async function stop(code: number) {
  await operations?.close();
  await control?.close();
  await fleet?.close();
  await fields?.close();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const where = (pusher: PusherSettings) =>
  pusher.wsHost ? `${pusher.forceTLS ? 'wss' : 'ws'}://${pusher.wsHost}${pusher.wsPort ? `:${pusher.wsPort}` : ''}` : `Pusher cluster ${pusher.cluster}`;

async function startKioskGateways(pusher: PusherSettings, macs: string[], ingestSecret: string, setup: SetupEnvironment) {
  const stations = await loadGatewayStations(baseUrl, ingestSecret, macs, log);
  if (stations.length === 0) throw new Error(`None of the ${macs.length} kiosk gateways could read its set-up from ${baseUrl}/api/gateways/station.`);
  fleet = await startGatewayFleet({
    stations,
    pusher,
    authorizerFor: (mac) => apiAuthorizer(baseUrl, ingestSecret, mac),
    eventsPerSecond: env.GATEWAY_SIMULATOR_RATE,
    seed: env.GATEWAY_SIMULATOR_SEED,
    log,
    setup,
  });
  log.info(`Kiosk gateway simulator: ${stations.length} gateways on ${where(pusher)}, ${env.GATEWAY_SIMULATOR_RATE} events/s`);
}

/** Every other gateway (the setup queue's too) on its command channel, named as the API names it. */
async function startFieldGatewayFleet(pusher: PusherSettings, kioskMacs: string[], ingestSecret: string, setup: ReturnType<typeof apiSetupEnvironment>, devices: Awaited<ReturnType<typeof loadKnownDevices>>) {
  const infos = await Promise.all(
    fieldGatewaysOf(devices, kioskMacs).map(async (info) => {
      try {
        return { ...info, name: (await fetchGatewayStation(baseUrl, ingestSecret, info.mac)).name };
      } catch (error) {
        log.debug(`${info.mac}: name not read: ${error instanceof Error ? error.message : String(error)}`);
        return info;
      }
    }),
  );
  fields = await startFieldGateways({
    gateways: infos,
    pusher,
    authorizerFor: (mac) => apiAuthorizer(baseUrl, ingestSecret, mac),
    setup,
    announce: async (mac, modelId) => {
      const row = await announceGateway(baseUrl, ingestSecret, mac, modelId);
      // A new gateway carries out its software jobs and device operations from the next round on.
      if (row.created) operationMacs.push(row.mac);
      return row;
    },
    log,
  });
  log.info(`Field gateways: ${infos.length} answer setup, scan and device-info requests on ${where(pusher)}`);
}

try {
  const { ingestSecret } = resolveSecrets(env, ['ingestSecret']);
  if (env.GATEWAY_SIMULATOR_OPERATIONS_MS > 0) {
    operationMacs.push(...(await loadGatewayMacs({ databaseUrl: env.DATABASE_URL, dataDir: env.LAVO_DATA_DIR })));
    operations = startOperationsPlayer({ baseUrl, secret: ingestSecret, macs: operationMacs, roundMs: env.GATEWAY_SIMULATOR_OPERATIONS_MS, log });
    log.info(`Device operations: ${operationMacs.length} gateways carry them out, every ${env.GATEWAY_SIMULATOR_OPERATIONS_MS} ms`);
  }
  const source = { databaseUrl: env.DATABASE_URL, dataDir: env.LAVO_DATA_DIR };
  const macs = await loadKioskGatewayMacs(source);
  const devices = await loadKnownDevices(source);
  const pusher = await withRetry(() => fetchPusherSettings(baseUrl), { attempts: 30, delayMs: 1000, log, label: 'config.json' });
  const controls = new SetupControls();
  const setup = apiSetupEnvironment({ baseUrl, secret: ingestSecret, devices, controls });
  if (macs.length === 0) log.info('The demo has no kiosk gateways.');
  else await startKioskGateways(pusher, macs, ingestSecret, setup);
  await startFieldGatewayFleet(pusher, macs, ingestSecret, setup, devices);
  if (env.GATEWAY_SIMULATOR_CONTROL_PORT > 0) {
    const activity = fleet?.activity ?? new GatewayActivity([], { random: createRandom(env.GATEWAY_SIMULATOR_SEED), clock: systemClock, eventsPerSecond: 0, log });
    control = await startControlServer({ gateways: fleet?.gateways ?? [], activity, operations, setup: { controls, fields } }, env.GATEWAY_SIMULATOR_CONTROL_PORT);
    log.info(`Gateway simulator control API on http://127.0.0.1:${control.port}`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
