import { E2E_SERVER_PHASES, writeTimings } from '../scripts/test-timings/files';
import { demoHistoryWritten } from './fixtures/demo-history';

/**
 * Runs once the server answers (Playwright starts its webServer first): waits until the demo
 * history is complete (at once on a prepared data directory), and records how long the server
 * took to answer and the history to be written.
 */
export default async function globalSetup(): Promise<void> {
  const answering = Date.now();
  const startedAt = Number(process.env.LAVO_E2E_STARTED_AT ?? answering);
  await demoHistoryWritten();
  const parent = E2E_SERVER_PHASES;
  writeTimings('e2e-server', {
    steps: [
      { step: 'server start', seconds: (answering - startedAt) / 1000, ok: true, parent },
      { step: 'wait for the demo history', seconds: (Date.now() - answering) / 1000, ok: true, parent },
    ],
  });
}
