/**
 * `npm run simulate:iot`: plays the demo's online IoT devices (fall devices, NFC gateways) against
 * the API with their own credentials, the local stand-in for AWS IoT (docs/IOT.md): each connects,
 * sends its telemetry every round, and carries out its job executions (IN_PROGRESS, then SUCCEEDED
 * or FAILED with its output; a software update installs its version).
 *
 * The things come from the database when DATABASE_URL is set, else from the demo seed.
 * Environment: PORT (8080), INGEST_SECRET, LAVO_DATA_DIR (.data), DATABASE_URL,
 * IOT_SIMULATOR_ROUND_MS (3000: time between two rounds), LOG_LEVEL=debug for every report.
 */
import { z } from 'zod';
import { resolveSecrets } from '../server/src/secrets';
import type { Log } from '../server/src/simulator/gateways/clock';
import { loadPlayedThings } from '../server/src/simulator/iot/load';
import { startThingsPlayer, type ThingsPlayer } from '../server/src/simulator/iot/things-player';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  INGEST_SECRET: z.string().min(16).optional(),
  NODE_ENV: z.string().default('development'),
  LAVO_DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z.string().min(1).optional(),
  IOT_SIMULATOR_ROUND_MS: z.coerce.number().int().min(100).max(3_600_000).default(3000),
  LOG_LEVEL: z.string().optional(),
});

const set = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== undefined && value !== ''));
const parsed = envSchema.safeParse(set);
if (!parsed.success) {
  console.error(`Invalid IoT simulator environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  process.exit(1);
}
const env = parsed.data;
const debug = ['debug', 'trace'].includes(env.LOG_LEVEL ?? '');
const log: Log = {
  info: (line) => console.log(`[iot] ${line}`),
  debug: (line) => (debug ? console.log(`[iot] ${line}`) : undefined),
};

let player: ThingsPlayer | undefined;
async function stop(code: number) {
  await player?.close();
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  const { ingestSecret } = resolveSecrets(env, ['ingestSecret']);
  const things = await loadPlayedThings(env.DATABASE_URL);
  if (things.length === 0) {
    log.info('The demo has no online IoT devices; nothing to simulate.');
    process.exit(0);
  }
  player = startThingsPlayer({ baseUrl: `http://localhost:${env.PORT}`, secret: ingestSecret, things, roundMs: env.IOT_SIMULATOR_ROUND_MS, log });
  log.info(`IoT simulator: ${things.length} things carry out their jobs, every ${env.IOT_SIMULATOR_ROUND_MS} ms`);
} catch (error) {
  console.error(`IoT simulator: ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}
