import { expect, test } from '@playwright/test';
import { signedInAs } from '../../fixtures/session';

// A charge nurse prints the overview from a phone: the charts below the fold were never scrolled to.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('printing draws the charts that were never scrolled to', async ({ page }) => {
  const chartCode = page.waitForResponse((response) => /trend-chart-body[^/]*\.js$/.test(response.url()));
  await signedInAs(page, 'admin');
  await expect(page).toHaveURL(/\/app\/reports\/overview\?/);
  const charts = page.locator('[role="img"][data-trend-chart]');
  await expect(charts.first()).toBeVisible();
  // The compliance and wash-duration trends, each shown once its own answer is in.
  await expect(charts).toHaveCount(2);
  const count = 2;
  const drawn = () => charts.filter({ has: page.locator('svg.recharts-surface') }).count();
  // Below the fold they are placeholders; the charts' code arrives once the page has settled…
  expect(await drawn()).toBeLessThan(count);
  const codeUrl = (await chartCode).url();
  await page.evaluate(async (url) => void (await import(url)), codeUrl);

  // …and asking for a printout draws every one before the page is laid out for paper.
  const printed = await page.evaluate(() => {
    window.dispatchEvent(new Event('beforeprint'));
    const all = [...document.querySelectorAll('[role="img"][data-trend-chart]')];
    return all.map((chart) => `${chart.getAttribute('aria-label')}: ${chart.querySelector('.mantine-Skeleton-root') === null}`);
  });
  expect(printed.filter((line) => line.endsWith('false'))).toEqual([]);
  await expect.poll(drawn).toBe(count);
});
