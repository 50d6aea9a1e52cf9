import { expect, test } from '@playwright/test';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// Every page here is the server's answer: no service worker answers in its place.
test.use({ serviceWorkers: 'block' });

// On a slow connection the page names itself before its code arrives: index.html paints the header
// bar and the page's title, and the app takes over in the same place once it has loaded.

test('a page names itself before any of the app’s code has arrived', async ({ page }) => {
  // The scripts never arrive: whatever shows is index.html's own.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/app/reports/overview');
  await expect(page.getByRole('heading', { level: 1, name: 'Performance Overview' })).toBeVisible();
  await expect(page).toHaveTitle('Performance Overview · Lavo');
});

test('an address that is no page shows no title before the app decides where it goes', async ({ page }) => {
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/auth');
  await expect(page.getByText('Loading…')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
});

test('once loaded, the app replaces the first screen with the styled page in the same place', async ({ page }) => {
  await signedInAs(page, 'admin', '/app/reports/overview');
  await expect(page.getByRole('heading', { name: 'Top 10 Compliance Ranking' })).toBeVisible();
  // One title, the app's, with the component styles applied (the first screen's has inline styles only).
  const title = page.getByRole('heading', { level: 1, name: 'Performance Overview' });
  await expect(title).toHaveCount(1);
  await expect(title).toHaveClass(/mantine-Title-root/);
  const header = page.locator('.mantine-AppShell-header');
  await expect(header).toHaveCSS('position', 'fixed');
});

test('a page’s address asks for that page’s code with the document', async ({ page }) => {
  // The scripts never arrive: the requests made are the document's own preloads.
  const requested: string[] = [];
  await page.route('**/assets/*.js', (route) => {
    requested.push(new URL(route.request().url()).pathname);
    return route.abort();
  });
  await page.goto('/app/reports/dispenser-activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Dispenser Activity Report' })).toBeVisible();
  await expect.poll(() => requested.some((path) => /\/dispenser-activity-page-[\w-]+\.js$/.test(path))).toBe(true);
  expect(requested.some((path) => /\/app-route-component-[\w-]+\.js$/.test(path)), 'the shell around the page').toBe(true);
  // Another page's address does not load this one's code.
  const other = await page.request.get('/app/reports/compliance');
  expect(await other.text()).not.toMatch(/dispenser-activity-page/);
  expect(await other.text()).toMatch(/compliance-page-[\w-]+\.js/);
});

test('signed in, a page opened afresh preloads each of its modules once', async ({ page }) => {
  await signedInAs(page, 'admin', '/app/reports/compliance');
  await expect(page.getByRole('heading', { level: 1, name: 'Compliance Report' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const preloads = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href));
  expect(preloads.some((href) => /\/compliance-page-[\w-]+\.js$/.test(href))).toBe(true);
  expect(preloads.filter((href, i) => preloads.indexOf(href) !== i)).toEqual([]);
});
