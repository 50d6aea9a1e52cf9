import type { BrowserContext, Page } from '@playwright/test';

/**
 * Brings the network back and waits until the header says 'Online' (the outbox is empty); the
 * milliseconds it took. Polled rather than awaited on one text, so a stuck queue says where it
 * stands: a refusal or the timeout throws with the header's words.
 */
export async function replayUntilEmpty(page: Page, context: BrowserContext, what: string, timeoutMs: number): Promise<number> {
  const indicator = page.getByTestId('connectivity');
  const start = performance.now();
  await context.setOffline(false);
  for (;;) {
    const shown = (await indicator.textContent())?.trim() ?? '';
    if (shown === 'Online') return performance.now() - start;
    if (/not accepted/.test(shown) || performance.now() - start > timeoutMs) throw new Error(`${what} did not empty: the header says "${shown}"`);
    await page.waitForTimeout(50);
  }
}
