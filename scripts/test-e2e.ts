/**
 * Runs the browser tests against a fresh build. Chromium comes from Debian's `chromium` package;
 * with CI=true its absence fails the run, elsewhere it is reported and the browser tests are not run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message = `Chromium was not found at ${chromium}: install Debian's package with 'apt-get install -y chromium'.`;
  if (process.env.CI === 'true') {
    console.error(`${message} The browser tests are required in CI.`);
    process.exit(1);
  }
  console.warn(`${message}\nBROWSER TESTS NOT RUN.`);
  process.exit(0);
}

const step = (cmd: string, args: string[]) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
// A run on its own E2E_PORT builds into a directory of its own, so runs side by side never serve each other's files.
const outDir = process.env.E2E_PORT ? `dist-e2e-${process.env.E2E_PORT}` : 'dist';
process.env.STATIC_DIR = outDir;
step('npx', ['vite', 'build', '--outDir', outDir]);
step('npx', ['playwright', 'test', ...process.argv.slice(2)]);
