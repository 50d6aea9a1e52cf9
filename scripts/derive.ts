/**
 * `npm run derive -- --from YYYY-MM-DD --to YYYY-MM-DD`: rebuilds every derived table (wash
 * placement, visits, bed visits, interactions, daily rollups, wear sessions, dispenser days) for
 * the events of those UTC days from the raw events, on the database the server uses (DATABASE_URL,
 * else the PGlite files under LAVO_DATA_DIR: stop the server first, PGlite has one user at a time).
 * Gives the same rows as the ingest's incremental derivation; use it after a repair of raw events
 * or a change to a metric's definition.
 */
import { createDatabase } from '../server/src/db/client';
import { runMigrations } from '../server/src/db/migrate';
import { loadEnv } from '../server/src/env';
import { deriveBetween } from '../server/src/modules/metrics/derive';
import { parseDeriveArgs } from '../server/src/modules/metrics/derive-args';
import { pgliteDirOf } from '../server/src/runtime';

let span: { from: Date; to: Date };
try {
  span = parseDeriveArgs(process.argv.slice(2));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const env = loadEnv();
const handle = await createDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: pgliteDirOf(env) });
try {
  await runMigrations(handle);
  const started = Date.now();
  console.log(`Deriving ${span.from.toISOString().slice(0, 10)} to ${span.to.toISOString().slice(0, 10)} (${handle.kind})…`);
  const covered = await deriveBetween(handle.db, span.from, span.to);
  console.log(
    `Derived again in ${((Date.now() - started) / 1000).toFixed(1)} s: ${covered.users} wearers, ${covered.wearables} wearables, ${covered.dispensers} dispensers.`,
  );
} finally {
  await handle.close();
}
