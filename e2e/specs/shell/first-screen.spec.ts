import { expect, test } from '@playwright/test';
import { SignInPage } from '../../pages/sign-in-page';

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
  await new SignInPage(page).signInAs('admin');
  await page.goto('/app/reports/overview');
  await expect(page.getByRole('heading', { name: 'Top 10 Compliance Ranking' })).toBeVisible();
  // One title, the app's, with the component styles applied (the first screen's has inline styles only).
  const title = page.getByRole('heading', { level: 1, name: 'Performance Overview' });
  await expect(title).toHaveCount(1);
  await expect(title).toHaveClass(/mantine-Title-root/);
  const header = page.locator('.mantine-AppShell-header');
  await expect(header).toHaveCSS('position', 'fixed');
});
