/**
 * Runs the browser tests against a fresh build. Chromium comes from Debian's `chromium` package;
 * with CI=true its absence fails the run, elsewhere it is reported and the browser tests are not run.
 *
 * The app is built while the server's data directory is prepared beside it (migrated, seeded, its
 * demo history written: scripts/e2e-prepare.ts); Playwright then starts the server on a copy. Each
 * part's time goes to the table `npm test` prints.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { E2E_CHROMIUM, E2E_PREPARED_DIR } from '../e2e/fixtures/server';
import { E2E_SERVER_PHASES, readTimings, type StepTiming, writeTimings } from './test-timings/files';

if (!existsSync(E2E_CHROMIUM)) {
  const message = `Chromium was not found at ${E2E_CHROMIUM}: install Debian's package with 'apt-get install -y chromium-headless-shell'.`;
  if (process.env.CI === 'true') {
    console.error(`${message} The browser tests are required in CI.`);
    process.exit(1);
  }
  console.warn(`${message}\nBROWSER TESTS NOT RUN.`);
  process.exit(0);
}

const parent = 'browser tests';
const parts: StepTiming[] = [];
/** Runs one part, recording its time; resolves with whether it passed. */
async function part(name: string, cmd: string, args: string[]): Promise<boolean> {
  const started = performance.now();
  const child = spawn(cmd, args, { stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  let seconds = (performance.now() - started) / 1000;
  const ok = code === 0;
  if (name.startsWith('tests')) {
    // The server's start and its demo history, timed by the global set-up, are parts of their own.
    const server = readTimings().steps.filter((s) => s.parent === E2E_SERVER_PHASES);
    seconds -= server.reduce((sum, s) => sum + s.seconds, 0);
    parts.push(...server.map((s) => ({ ...s, step: `${s.step}${name.slice('tests'.length)}`, parent })));
  }
  parts.push({ step: name, seconds, ok, parent });
  writeTimings('e2e-steps', { steps: parts });
  return ok;
}

// A run on its own E2E_PORT builds into a directory of its own, so runs side by side never serve each other's files.
const outDir = process.env.E2E_PORT ? `dist-e2e-${process.env.E2E_PORT}` : 'dist';
process.env.STATIC_DIR = outDir;
const [built, prepared] = await Promise.all([
  part('build', 'npx', ['vite', 'build', '--outDir', outDir]),
  part('prepare the data directory (beside the build)', 'npx', ['tsx', 'scripts/e2e-prepare.ts']),
]);
if (!built || !prepared) process.exit(1);
process.env.LAVO_E2E_PREPARED = E2E_PREPARED_DIR;
// E2E_RUNS=3 runs the whole suite three times in a row, each on a fresh copy of the prepared data:
// a test that passes only sometimes shows (docs/TESTING.md 'Never flaky').
const runs = Math.max(1, Number(process.env.E2E_RUNS ?? 1) || 1);
for (let run = 1; run <= runs; run += 1) {
  const name = runs === 1 ? 'tests' : `tests, run ${run} of ${runs}`;
  if (runs > 1) process.env.LAVO_E2E_RUN = `run ${run}`;
  if (!(await part(name, 'npx', ['playwright', 'test', ...process.argv.slice(2)]))) process.exit(1);
}
