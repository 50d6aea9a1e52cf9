import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_DATA_DIR, E2E_DEMO_HISTORY_DAYS, E2E_GATEWAY_CONTROL_PORT, E2E_PORT } from './e2e/fixtures/server';

// The browser tests drive the built app started exactly as `npm start` starts it, on ports and a
// data directory of their own so a running console is left alone.
const PORT = E2E_PORT;
const DATA_DIR = E2E_DATA_DIR;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e/specs',
  // Waits for the demo history the server writes in the background after it starts.
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: existsSync(chromium) ? chromium : undefined,
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
    command: `rm -rf ${DATA_DIR} && tsx scripts/start.ts`,
    url: `http://localhost:${PORT}/config.json`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      LAVO_DATA_DIR: DATA_DIR,
      PORT: String(PORT),
      COGNITO_PORT: String(PORT + 1239),
      PUSHER_PORT: String(PORT + 1),
      LOG_LEVEL: 'warn',
      // A short history is written quickly (the global set-up waits for it); without the live simulator the data holds still.
      DEMO_HISTORY_DAYS: String(E2E_DEMO_HISTORY_DAYS),
      SIMULATOR: 'off',
      // The kiosk gateways are played but hold still: tests dock and undock through the control API.
      GATEWAY_SIMULATOR_RATE: '0',
      GATEWAY_SIMULATOR_CONTROL_PORT: String(E2E_GATEWAY_CONTROL_PORT),
    },
  },
});
