/** The suite's steps, as `npm test` and `npm run test:changed` run them: each timed, the first failure ends the run. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { printTimings } from './print';
import { resetTimings, writeTimings, type StepTiming } from './files';

/** Caches of the incremental typecheck and lint, kept between local runs (a clean clone has none). */
const CACHE = path.join('node_modules', '.cache', 'lavo');

export const TYPECHECK = ['npx', 'tsc', '-p', 'tsconfig.json', '--noEmit', '--incremental', '--tsBuildInfoFile', path.join(CACHE, 'tsconfig.tsbuildinfo')];
export const LINT = ['npx', 'eslint', '--cache', '--cache-strategy', 'content', '--cache-location', path.join(CACHE, 'eslint') + path.sep];

export interface Step {
  step: string;
  cmd: string[];
}

/** Runs one step, resolving with its timing. */
async function run({ step, cmd }: Step): Promise<StepTiming> {
  const started = performance.now();
  const [command, ...args] = cmd as [string, ...string[]];
  const child = spawn(command, args, { stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', (c) => resolve(c));
    child.once('error', () => resolve(1));
  });
  return { step, seconds: (performance.now() - started) / 1000, ok: code === 0 };
}

/**
 * Runs the steps in order, the steps of an inner list side by side (each on a core of its own),
 * and prints the timing table (with the install's time from `.ci/run`'s LAVO_INSTALL_MS first);
 * exits with 1 at the first that fails, after the table.
 */
export async function runSteps(name: string, steps: (Step | Step[])[]): Promise<void> {
  resetTimings();
  const started = performance.now();
  const done: StepTiming[] = [];
  const installMs = Number(process.env.LAVO_INSTALL_MS);
  if (Number.isFinite(installMs) && installMs > 0) done.push({ step: 'install', seconds: installMs / 1000, ok: true });

  let failed: string | undefined;
  for (const group of steps) {
    const results = await Promise.all((Array.isArray(group) ? group : [group]).map(run));
    done.push(...results);
    writeTimings('steps', { steps: done });
    failed = results.find((r) => !r.ok)?.step;
    if (failed) break;
  }

  printTimings((performance.now() - started) / 1000 + (done[0]?.step === 'install' ? done[0].seconds : 0));
  if (failed) {
    console.error(`\n${name}: the ${failed} step failed.`);
    process.exit(1);
  }
}
