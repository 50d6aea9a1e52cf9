/**
 * `npm run simulate`: the live device simulator. Every few seconds it generates what the demo's
 * staff and devices did since the last send and posts it, gateway by gateway, to the API server's
 * ingest (POST /api/ingest/events with each gateway's token), as real gateways would.
 *
 * After the demo history, the observation audits of the schedule are held by observer@demo.health,
 * signed in at the local identity provider, and recorded through the API as the observer's phone
 * would (server/src/simulator/live-observer.ts); SIMULATOR_OBSERVER=off leaves them out.
 *
 * The fleet comes from the database when DATABASE_URL is set, else from the world file the API
 * server writes under LAVO_DATA_DIR at start (PGlite is open in that process only).
 * Environment: PORT (8080), INGEST_SECRET, SIMULATOR_SEED, SIMULATOR_TICK_MS (5000),
 * SIMULATOR_OBSERVER, SIMULATOR_FAILURES (server/src/simulator/failures.ts), LAVO_DATA_DIR (.data), DATABASE_URL.
 */
import { existsSync } from 'node:fs';
import { createDatabase } from '../server/src/db/client';
import { resolveSecrets } from '../server/src/secrets';
import { parseFailures } from '../server/src/simulator/failures';
import { DEFAULT_SIMULATOR_SEED } from '../server/src/simulator/generate';
import { demoIdToken } from '../server/src/identity/demo-sign-in';
import { runLive } from '../server/src/simulator/live';
import { liveObserver, liveSessions } from '../server/src/simulator/live-observer';
import { DAY, HOUR, MINUTE } from '../server/src/simulator/time';
import { loadWorldData, readWorldFile, simulatorFiles, type WorldData } from '../server/src/simulator/world';
import { indexWorld } from '../server/src/simulator/world-index';

const port = Number(process.env.PORT ?? 8080);
const { ingestSecret: secret } = resolveSecrets(
  { NODE_ENV: process.env.NODE_ENV ?? 'development', LAVO_DATA_DIR: process.env.LAVO_DATA_DIR ?? '.data', INGEST_SECRET: process.env.INGEST_SECRET },
  ['ingestSecret'],
);
const seed = process.env.SIMULATOR_SEED ? Number(process.env.SIMULATOR_SEED) : DEFAULT_SIMULATOR_SEED;
const tickMs = Number(process.env.SIMULATOR_TICK_MS ?? 5000);
const files = simulatorFiles(process.env.LAVO_DATA_DIR ?? '.data');

if (!Number.isInteger(seed) || !(tickMs >= 100)) {
  console.error('SIMULATOR_SEED must be an integer and SIMULATOR_TICK_MS at least 100.');
  process.exit(1);
}

async function worldData(): Promise<WorldData> {
  if (process.env.DATABASE_URL) {
    const handle = await createDatabase({ url: process.env.DATABASE_URL });
    try {
      return await loadWorldData(handle.db);
    } finally {
      await handle.close();
    }
  }
  if (!existsSync(files.world)) {
    throw new Error(`No fleet to simulate: ${files.world} is written by the API server at start (with SEED_DEMO on).`);
  }
  return readWorldFile(files.world);
}

/** An instant in a location's clock, named: 'Tue, Dec 8, 9:14 AM (US/Pacific)'. */
function zonedWords(at: number, timeZone: string): string {
  const words = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(at);
  return `${words} (${timeZone})`;
}

const controller = new AbortController();
process.on('SIGINT', () => controller.abort());
process.on('SIGTERM', () => controller.abort());

try {
  const world = indexWorld(await worldData());
  const baseUrl = `http://localhost:${port}`;
  const observing = process.env.SIMULATOR_OBSERVER !== 'off' && world.data.historyEnd !== null;
  const failures = parseFailures(process.env.SIMULATOR_FAILURES);
  for (const f of failures) {
    const what = f.kind === 'badges' ? `location ${f.groupId}'s badges unworn` : f.kind === 'dispenser' ? `dispenser ${f.mac} silent` : `gateway ${f.mac} down`;
    console.log(`Injected failure: ${what} from ${new Date(f.from).toISOString()}${f.to === null ? '' : ` to ${new Date(f.to).toISOString()}`}.`);
  }
  console.log(`Device simulator: ${world.workers.length} staff, ${world.devices.size} devices → ${baseUrl}/api/ingest/events every ${tickMs} ms`);
  if (observing) {
    const [next] = liveSessions(world, seed, Date.now() - HOUR, Date.now() + 62 * DAY).filter(({ session }) => session.end > Date.now());
    const when = next ? ` The next: ${next.unit.group.name}, ${zonedWords(next.session.start, next.unit.group.timeZone)} for ${(next.session.end - next.session.start) / MINUTE} minutes.` : '';
    console.log(`Observation audits after the demo history are recorded as observer@demo.health through the API.${when}`);
  }
  await runLive({
    baseUrl,
    secret,
    world,
    seed,
    tickMs,
    statePath: files.state,
    signal: controller.signal,
    failures,
    ...(observing ? { observer: liveObserver({ baseUrl, world, seed, signIn: () => demoIdToken(baseUrl, 'observer') }) } : {}),
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
