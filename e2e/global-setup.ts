import { request } from '@playwright/test';
import type { DemoHistoryStatus } from '../server/src/contracts/demo-history';
import { adminIdToken } from './fixtures/identity';
import { E2E_PORT } from './fixtures/server';

const HISTORY_TIMEOUT_MS = 5 * 60_000;

/**
 * Runs once the server answers (Playwright starts its webServer first): waits until the demo
 * history, written in the background after the server starts, is complete, so every test sees the
 * same data and no progress notice.
 */
export default async function globalSetup(): Promise<void> {
  const context = await request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  try {
    const authorization = await adminIdToken(context);
    const deadline = Date.now() + HISTORY_TIMEOUT_MS;
    for (;;) {
      const response = await context.get('/api/demo-history', { headers: { authorization } });
      if (!response.ok()) throw new Error(`GET /api/demo-history: HTTP ${response.status()} ${await response.text()}`);
      const status = (await response.json()) as DemoHistoryStatus;
      if (status.state !== 'writing') return;
      if (Date.now() > deadline) throw new Error(`The demo history was not written within ${HISTORY_TIMEOUT_MS / 60_000} min (${status.daysDone} of ${status.days} days)`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await context.dispose();
  }
}
