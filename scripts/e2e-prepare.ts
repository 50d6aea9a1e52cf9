/**
 * Prepares the browser tests' data directory while the app is built (scripts/test-e2e.ts): starts
 * the console as `npm start` does, on the browser tests' ports, in E2E_PREPARED_DIR (emptied
 * first), waits until it answers and its demo history is written, and stops it. Each run of the
 * browser tests then starts on a copy. It serves no app: the build is not finished yet, and the
 * server reads the built app when it starts.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { demoHistoryWritten } from '../e2e/fixtures/demo-history';
import { E2E_PORT, E2E_PREPARED_DIR, e2eServerEnv } from '../e2e/fixtures/server';
import { type StepTiming, writeTimings } from './test-timings/files';

const START_TIMEOUT_MS = 3 * 60_000;
/** The part of scripts/test-e2e.ts this is. */
const parent = 'prepare the data directory (beside the build)';

rmSync(E2E_PREPARED_DIR, { recursive: true, force: true });
const started = performance.now();
const server = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), 'scripts/start.ts'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: { ...process.env, ...e2eServerEnv(E2E_PREPARED_DIR), STATIC_DIR: `${E2E_PREPARED_DIR}/no-app`, GATEWAY_SIMULATOR: 'off' },
});
const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));

async function answering(): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server stopped before it answered (exit code ${server.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${E2E_PORT}/config.json`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not answer within ${START_TIMEOUT_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const steps: StepTiming[] = [];
let failure: unknown;
try {
  await answering();
  steps.push({ step: 'server start', seconds: (performance.now() - started) / 1000, ok: true, parent });
  const writing = performance.now();
  await demoHistoryWritten();
  steps.push({ step: 'demo history', seconds: (performance.now() - writing) / 1000, ok: true, parent });
} catch (error) {
  failure = error;
}
server.kill('SIGTERM');
const code = await exited;
writeTimings('e2e-prepare', { steps });
if (failure || code !== 0) {
  console.error(`Preparing the browser tests' data directory failed: ${failure instanceof Error ? failure.message : `the server stopped with exit code ${code}`}`);
  process.exit(1);
}
