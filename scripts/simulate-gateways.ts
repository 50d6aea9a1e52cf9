/**
 * `npm run simulate:gateways`: plays the demo's kiosk gateways over the Pusher server as real ones
 * would. Each reads its set-up from the API with its own credentials, answers the Stations page's
 * sessions (JOIN, PING, LEAVE, assignments) and the remote terminal's commands, and wristbands are
 * docked and undocked over time. A control API on 127.0.0.1 lets tests and demos dock, undock and
 * make a gateway silent, failing or late. Every gateway of the demo also carries out the device
 * operations (settings, firmware updates) queued for the devices it hears.
 *
 * The gateways come from the database when DATABASE_URL is set, else from the world file the API
 * server writes under LAVO_DATA_DIR at start.
 * Environment: PORT (8080), INGEST_SECRET, LAVO_DATA_DIR (.data), DATABASE_URL,
 * GATEWAY_SIMULATOR_RATE (0.2 events/s), GATEWAY_SIMULATOR_OPERATIONS_MS (2000: how often every
 * gateway carries out the device operations it hears; 0: never), GATEWAY_SIMULATOR_SEED, GATEWAY_SIMULATOR_CONTROL_PORT
 * (unset or 0: no control API), LOG_LEVEL=debug for every event.
 */
import { resolveSecrets } from '../server/src/secrets';
import type { Log } from '../server/src/simulator/gateways/clock';
import { startControlServer, type RunningControlServer } from '../server/src/simulator/gateways/control-server';
import { parseGatewaySimulatorEnv } from '../server/src/simulator/gateways/env';
import { startGatewayFleet, type GatewayFleet } from '../server/src/simulator/gateways/fleet';
import { apiAuthorizer, fetchPusherSettings, loadGatewayMacs, loadGatewayStations, loadKioskGatewayMacs, withRetry } from '../server/src/simulator/gateways/load';
import { startOperationsPlayer, type OperationsPlayer } from '../server/src/simulator/gateways/operations-player';

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
let control: RunningControlServer | undefined;
let operations: OperationsPlayer | undefined;
async function stop(code: number) {
  await operations?.close();
  await control?.close();
  await fleet?.close();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

async function startKioskGateways(macs: string[], ingestSecret: string) {
  const pusher = await withRetry(() => fetchPusherSettings(baseUrl), { attempts: 30, delayMs: 1000, log, label: 'config.json' });
  const stations = await loadGatewayStations(baseUrl, ingestSecret, macs, log);
  if (stations.length === 0) throw new Error(`None of the ${macs.length} kiosk gateways could read its set-up from ${baseUrl}/api/gateways/station.`);
  fleet = await startGatewayFleet({
    stations,
    pusher,
    authorizerFor: (mac) => apiAuthorizer(baseUrl, ingestSecret, mac),
    eventsPerSecond: env.GATEWAY_SIMULATOR_RATE,
    seed: env.GATEWAY_SIMULATOR_SEED,
    log,
  });
  if (env.GATEWAY_SIMULATOR_CONTROL_PORT > 0) control = await startControlServer({ gateways: fleet.gateways, activity: fleet.activity, operations }, env.GATEWAY_SIMULATOR_CONTROL_PORT);
  const where = pusher.wsHost ? `${pusher.forceTLS ? 'wss' : 'ws'}://${pusher.wsHost}${pusher.wsPort ? `:${pusher.wsPort}` : ''}` : `Pusher cluster ${pusher.cluster}`;
  log.info(
    `Kiosk gateway simulator: ${stations.length} gateways on ${where}, ${env.GATEWAY_SIMULATOR_RATE} events/s` +
      (control ? `, control API on http://127.0.0.1:${control.port}` : ''),
  );
}

try {
  const { ingestSecret } = resolveSecrets(env, ['ingestSecret']);
  if (env.GATEWAY_SIMULATOR_OPERATIONS_MS > 0) {
    const all = await loadGatewayMacs({ databaseUrl: env.DATABASE_URL, dataDir: env.LAVO_DATA_DIR });
    operations = startOperationsPlayer({ baseUrl, secret: ingestSecret, macs: all, roundMs: env.GATEWAY_SIMULATOR_OPERATIONS_MS, log });
    log.info(`Device operations: ${all.length} gateways carry them out, every ${env.GATEWAY_SIMULATOR_OPERATIONS_MS} ms`);
  }
  const macs = await loadKioskGatewayMacs({ databaseUrl: env.DATABASE_URL, dataDir: env.LAVO_DATA_DIR });
  if (macs.length === 0) {
    log.info(operations ? 'The demo has no kiosk gateways; only device operations are played.' : 'The demo has no kiosk gateways; nothing to simulate.');
    if (!operations) process.exit(0);
  } else {
    await startKioskGateways(macs, ingestSecret);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stop(1);
}
