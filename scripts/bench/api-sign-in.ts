import type { DemoHistoryStatus } from '../../server/src/contracts/demo-history';
import type { DemoAccountKey } from '../../server/src/db/demo-accounts';
import { demoIdToken } from '../../server/src/identity/demo-sign-in';

/** Signs in as admin@demo.health at the server's local identity provider; the id token. */
export const adminIdTokenOf = (url: string): Promise<string> => idTokenOf(url, 'admin');

/** Signs in as a demo account at the server's local identity provider; the id token (the main API's raw Authorization). */
export const idTokenOf = (url: string, key: DemoAccountKey): Promise<string> => demoIdToken(url, key);

/** Waits until the server has written the demo history it writes in the background after starting. */
export async function demoHistoryWritten(url: string, timeoutMs: number): Promise<DemoHistoryStatus> {
  const headers = { authorization: await adminIdTokenOf(url) };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${url}/api/demo-history`, { headers });
    if (!response.ok) throw new Error(`GET /api/demo-history: HTTP ${response.status} ${await response.text()}`);
    const status = (await response.json()) as DemoHistoryStatus;
    if (status.state !== 'writing') return status;
    if (Date.now() > deadline) throw new Error(`The demo history was not written within ${timeoutMs / 60_000} min (${status.daysDone} of ${status.days} days)`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
