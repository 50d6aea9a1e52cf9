import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_CHROMIUM, E2E_DATA_DIR, E2E_PORT, e2eServerEnv } from './e2e/fixtures/server';

// The browser tests drive the built app started exactly as `npm start` starts it, on ports and a
// data directory of their own so a running console is left alone.
const PORT = E2E_PORT;
const DATA_DIR = E2E_DATA_DIR;
const prepared = process.env.LAVO_E2E_PREPARED;
// When the run began, before the server is started: the global set-up times the start from it.
process.env.LAVO_E2E_STARTED_AT ??= String(Date.now());

export default defineConfig({
  testDir: 'e2e/specs',
  // Playwright empties its output directory at the start: its own, beside the suite's timings in test-results/timings.
  outputDir: 'test-results/playwright',
  // Waits for the demo history the server writes in the background after it starts.
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // The second reporter records each file's time for the table `npm test` prints (scripts/test.ts).
  reporter: [['list'], ['./scripts/test-timings/playwright-reporter.ts']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // No trace while the suite runs: recording one (a screenshot stream and a DOM snapshot at every
    // action) took about a quarter of the browser tests' time, thrown away for every test that
    // passed. A failure keeps its screenshot and Playwright's page snapshot; to read a trace, run the
    // failing file again with `--trace retain-on-failure` (docs/TESTING.md 'Never flaky').
    trace: 'off',
    screenshot: 'only-on-failure',
    // The service worker would precache the whole app (over 200 files) in every test's new browser
    // context; only the files that go offline ask for it (`test.use({ serviceWorkers: 'allow' })`).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: existsSync(E2E_CHROMIUM) ? E2E_CHROMIUM : undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    // On a copy of the prepared data directory when scripts/test-e2e.ts made one (its history already
    // written), else from nothing: the global set-up then waits for the history.
    command: `rm -rf ${DATA_DIR} && ${prepared ? `cp -a ${prepared} ${DATA_DIR} && ` : ''}tsx scripts/start.ts`,
    url: `http://localhost:${PORT}/config.json`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: e2eServerEnv(DATA_DIR),
  },
});
