import { expect, type Page, test } from '@playwright/test';
import { accounts } from '../../fixtures/accounts';
import { ReportsPage } from '../../pages/reports-page';
import { SignInPage } from '../../pages/sign-in-page';

// An iPad held upright (768 px wide) and on its side; touch, as the charge nurses use it.
const PORTRAIT = { width: 768, height: 1024 };
const LANDSCAPE = { width: 1024, height: 768 };
test.use({ viewport: PORTRAIT, hasTouch: true, isMobile: true });

async function signInAsAdmin(page: Page) {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.fill(accounts.admin.email, accounts.admin.password);
  await signIn.submit().click();
  await expect(page).toHaveURL(/\/app\/reports\/overview\?/);
  return new ReportsPage(page);
}

/** The page itself never scrolls sideways: whatever is wider scrolls inside its card. */
async function expectNoSidewaysPage(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

async function widthOf(selector: ReturnType<Page['locator']>) {
  const box = await selector.boundingBox();
  if (!box) throw new Error('not laid out');
  return box.width;
}

test('the overview fits an iPad held either way, and its chart follows the width', async ({ page }) => {
  const reports = await signInAsAdmin(page);
  await expect(reports.statValue('Opportunities')).not.toHaveText('—');
  await expectNoSidewaysPage(page);

  // The chart fills its card's width whichever way the iPad is held (the card itself changes
  // width: one column upright, beside the navigation on its side).
  const chart = reports.dailyComplianceChart();
  await chart.scrollIntoViewIfNeeded();
  const drawn = chart.locator('svg.recharts-surface').first();
  await expect(drawn).toBeVisible();
  const fillsCard = async () => Math.abs((await widthOf(drawn)) - (await widthOf(chart)));
  await expect.poll(fillsCard).toBeLessThanOrEqual(2);
  const upright = await widthOf(chart);
  expect(upright).toBeGreaterThan(200);

  await page.setViewportSize(LANDSCAPE);
  await expect.poll(() => widthOf(chart)).not.toBe(upright);
  await expect.poll(fillsCard).toBeLessThanOrEqual(2);
  await expectNoSidewaysPage(page);
});

test('sorting a paged table goes back to its first page, on an iPad', async ({ page }) => {
  await page.setViewportSize({ width: 810, height: 1080 });
  const reports = await signInAsAdmin(page);
  await reports.goto('/app/reports/user-performance');
  const table = page.getByRole('table', { name: 'User performance' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: 'Page 3', exact: true }).click();
  await expect(page.getByText(/^Showing 21 to 30 of \d+$/)).toBeVisible();
  await page.getByRole('button', { name: 'Sort by Name' }).click();
  await expect(page.getByText(/^Showing 1 to 10 of \d+$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
});
