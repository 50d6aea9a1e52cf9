import { buildApp } from './app';
import { createDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { linkDemoIdentities } from './db/demo/identities';
import { seedDemo } from './db/seed';
import { ensureEventPartitions } from './db/partitions';
import { loadEnv } from './env';
import { logEnvironmentOf } from './plugins/server-log';
import { readLocalIdentity } from './identity/provision';
import { resolveSecrets } from './secrets';
import { storageFromEnv } from './storage';
import { storeDemoFirmwareImages } from './modules/firmware';
import { mailerFromEnv } from './mail/mailer';
import { identityAdminFromEnv, pgliteDirOf, pusherFromEnv, runtimeConfigFromEnv, verifierFromEnv } from './runtime';
import { prepareDemoSimulation, type DemoSimulation } from './simulator/startup';

const env = loadEnv();
const secrets = (() => {
  try {
    return resolveSecrets(env, ['ingestSecret', 'pusherSecret']);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
})();
const handle = await createDatabase({
  ...(env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: pgliteDirOf(env) }),
  reportStatementTimeoutMs: env.REPORT_STATEMENT_TIMEOUT_MS,
  exportStatementTimeoutMs: env.DATA_EXPORT_TIMEOUT_MS,
  pgliteExportStatementTimeoutMs: env.DATA_EXPORT_PGLITE_STATEMENT_TIMEOUT_MS,
});
await runMigrations(handle);
const storage = storageFromEnv(env);
let simulation: DemoSimulation | undefined;
if (env.SEED_DEMO) {
  const { seeded } = await seedDemo(handle.db);
  console.log(seeded ? 'Demo data seeded.' : 'Demo data already present; nothing seeded.');
  // The local identity provider's demo accounts, provisioned by `npm start`, sign in as the demo's users.
  const local = env.COGNITO_ENDPOINT ? readLocalIdentity(env.LAVO_DATA_DIR) : null;
  if (local) await linkDemoIdentities(handle.db, local.subjects);
  // The demo's firmware versions download stand-in images (modules/firmware/demo-images.ts).
  await storeDemoFirmwareImages(handle.db, storage);
  // Decides the demo history and writes the live simulator's world; the history itself is written after listening.
  simulation = await prepareDemoSimulation(handle.db, { historyDays: env.DEMO_HISTORY_DAYS, seed: env.SIMULATOR_SEED, dataDir: env.LAVO_DATA_DIR });
}

const app = await buildApp({
  db: handle.db,
  reportDb: handle.reportDb,
  exports: handle.exports,
  verifier: verifierFromEnv(env),
  identity: identityAdminFromEnv(env),
  pusher: pusherFromEnv(env, secrets.pusherSecret),
  runtimeConfig: runtimeConfigFromEnv(env),
  ingestSecret: secrets.ingestSecret,
  staticDir: env.STATIC_DIR,
  trustProxy: env.TRUST_PROXY,
  logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
  requestLogging: env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace',
  demoHistory: simulation?.status,
  serverLog: { env: logEnvironmentOf(env) },
  storage,
  dataExports: { timeoutMs: env.DATA_EXPORT_TIMEOUT_MS, maxRows: env.DATA_EXPORT_MAX_ROWS },
  mailer: mailerFromEnv(env),
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received, closing`);
  // A history write under way stops after its current batch; the next start resumes it.
  await simulation?.stop();
  await app.close();
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ host: env.HOST, port: env.PORT });
// Event partitions stay ahead of the clock on a server that runs for months (db/partitions.ts).
setInterval(() => {
  ensureEventPartitions(handle.db).catch((error: unknown) => app.log.error({ err: error }, 'Could not create event partitions'));
}, 86_400_000).unref();
console.log(`API server (${handle.kind}) listening on http://localhost:${env.PORT}`);
// In the background, newest day first: the reports fill in day by day while the server answers.
void simulation?.writeHistory();
