import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { serviceWorkerInControl } from '../../fixtures/api';
import { Shell } from '../../pages/shell';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

test('the app is installable', async ({ playwright, baseURL }, testInfo) => {
  // Chromium never offers to install from an incognito-like context, so use a real profile.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'lavo-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/auth');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ display: 'standalone', start_url: '/app', short_name: 'Lavo' });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('a reload while offline still shows the shell', async ({ page, context }) => {
  await signedInAs(page, 'admin');
  await serviceWorkerInControl(page);
  await context.setOffline(true);
  await page.reload();
  const shell = new Shell(page);
  await expect(shell.nav()).toBeVisible();
  await expect(shell.pageTitle()).toHaveText('Performance Overview');
  await context.setOffline(false);
});

test('a browser that refuses service workers still runs the app, and says it cannot work offline', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const errors: Error[] = [];
    page.on('pageerror', (error) => errors.push(error));
    const warned = page.waitForEvent('console', { predicate: (message) => message.text().includes('could not be installed for offline use') });
    await signedInAs(page, 'admin');
    await expect(new Shell(page).pageTitle()).toHaveText('Performance Overview');
    expect((await warned).type()).toBe('warning');
    expect(errors).toEqual([]);
  } finally {
    await context.close();
  }
});
