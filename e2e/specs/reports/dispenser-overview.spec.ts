import { expect, type Page, test } from '@playwright/test';
import { serviceWorkerInControl } from '../../fixtures/api';
import { ReportsPage } from '../../pages/reports-page';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

const ranking = (page: Page) => page.getByRole('table', { name: 'Dispenser usage ranking' });

test('the manager reads the dispenser figures and opens a ranked dispenser on its floor plan', async ({ page }) => {
  const reports = new ReportsPage(page);
  await signedInAs(page, 'manager');
  await reports.goto('/app/reports/dispenser-overview');
  await expect(page.getByRole('heading', { name: 'Dispenser Overview' })).toBeVisible();
  // The demo's dispensers are used every day of its history.
  await expect(reports.statValue('Dispenses')).toHaveText(/^[1-9][\d,]*$/);
  await expect(reports.statValue('Peak Activity Hour')).toHaveText(/^(1[0-2]|[1-9]) (AM|PM)$/);
  await expect(page.getByRole('region', { name: 'Activations' }).getByRole('img', { name: 'Dispenses per day' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /^Day \(5 AM – 5 PM\): \d+%$/ })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: /^High: \d+%$/ })).toBeVisible();
  // The address keeps the page's three parameters.
  expect([...reports.params().keys()].sort()).toEqual(['endDate', 'groupIds', 'startDate']);

  const first = ranking(page).locator('tbody tr').first();
  await expect(first).toBeVisible();
  const name = (await first.locator('td').nth(1).textContent())?.trim() ?? '';
  const start = reports.params().get('startDate');
  // Ranked by dispenses, most first.
  const counts = await ranking(page).locator('tbody tr td:nth-child(6)').allTextContents();
  const numbers = counts.map((c) => Number(c.replace(/,/g, '')));
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));

  // Every demo location with dispensers has a floor plan: the row opens it.
  await first.click();
  await expect(page).toHaveURL(/\/app\/reports\/dispenser-activity\?/);
  const params = new URL(page.url()).searchParams;
  expect(params.get('deviceId')).toMatch(/^\d+$/);
  expect(params.get('groupId')).toMatch(/^\d+$/);
  expect(params.get('startDate')).toBe(start);
  expect(name).not.toBe('');
});

test('the dispenser overview opened offline shows the cached answer with its date', async ({ page, context }) => {
  const reports = new ReportsPage(page);
  await signedInAs(page, 'manager');
  await reports.goto('/app/reports/dispenser-overview');
  const dispenses = reports.statValue('Dispenses');
  await expect(dispenses).toHaveText(/^[1-9][\d,]*$/);
  const online = await dispenses.textContent();
  await expect(ranking(page).locator('tbody tr').first()).toBeVisible();
  await expect(reports.busySections()).toHaveCount(0);
  await serviceWorkerInControl(page);
  await context.setOffline(true);
  await page.reload();
  await expect(reports.offlineStamp()).toContainText('offline — as of');
  await expect(reports.statValue('Dispenses')).toHaveText(online ?? '');
  await expect(ranking(page).locator('tbody tr').first()).toBeVisible();
  await context.setOffline(false);
});
