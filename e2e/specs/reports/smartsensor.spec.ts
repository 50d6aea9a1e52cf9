import { expect, type Locator, type Page, test } from '@playwright/test';
import { serviceWorkerInControl } from '../../fixtures/api';
import { ReportsPage } from '../../pages/reports-page';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

const bodyRows = (table: Locator) => table.locator('tbody tr');
const usageTable = (page: Page) => page.getByRole('table', { name: 'SmartSensor usage' });
const devicesTable = (page: Page) => page.getByRole('table', { name: 'SmartSensors' });

/** The first cell of the first row once the answer is in (not a loading placeholder row). */
async function firstCell(table: Locator): Promise<string> {
  const cell = bodyRows(table).first().locator('td').first();
  await expect(cell).toHaveText(/\S/, { timeout: 45_000 });
  return (await cell.textContent()) ?? '';
}

/** A UTC day moved by `n` days. */
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Opens the History of the first row whose menu offers it; returns the dialog. */
async function openFirstHistory(page: Page, table: Locator) {
  const rows = bodyRows(table);
  const count = await rows.count();
  for (let i = 0; i < count; i++) {
    await rows.nth(i).getByRole('button', { name: /^Actions for / }).click();
    const history = page.getByRole('menuitem', { name: 'History' });
    if (await history.isEnabled()) {
      await history.click();
      return page.getByRole('dialog', { name: /^History of / });
    }
    await page.keyboard.press('Escape');
  }
  throw new Error('no row offers its History');
}

test('SmartSensor Usage: Live shows today, off the 7 days ending yesterday; a row opens the wearable\'s history', async ({ page }) => {
  const reports = new ReportsPage(page);
  await signedInAs(page, 'manager', '/app/reports/wearable-usage');
  await expect(page).toHaveURL(/startDate=/);
  const live = page.getByRole('switch', { name: 'Live' });
  await expect(live).not.toBeChecked();

  // The switch's track lies over its hidden input: the click lands on the track, as a finger's does.
  await live.check({ force: true });
  await expect.poll(() => [reports.params().get('startDate'), reports.params().get('endDate')]).toEqual([day(0), day(0)]);
  await live.uncheck({ force: true });
  await expect.poll(() => [reports.params().get('startDate'), reports.params().get('endDate')]).toEqual([day(-7), day(-1)]);

  await firstCell(usageTable(page));
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  const dialog = await openFirstHistory(page, usageTable(page));
  await expect(dialog.getByRole('table', { name: 'Assignment history' }).locator('tbody tr').first()).toBeVisible();
  await expect(dialog.getByText('Assign', { exact: true }).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('SmartSensor Usage reads offline from the last answer, with its date', async ({ page, context }) => {
  await signedInAs(page, 'manager', '/app/reports/wearable-usage');
  const first = await firstCell(usageTable(page));
  await serviceWorkerInControl(page);
  await expect(bodyRows(usageTable(page)).first()).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(new ReportsPage(page).offlineStamp()).toContainText('offline — as of');
  await expect(bodyRows(usageTable(page)).first().locator('td').first()).toHaveText(first);
  await context.setOffline(false);
});

// SmartSensor Management (beta) is for LAVO organizations: the provider's administrator, not the hospital's.
test('SmartSensor Management lists the devices, marked beta, each with its history; it reads offline too', async ({ page, context }) => {
  test.slow();
  await signedInAs(page, 'admin', '/app/reports/wearable-management');
  await expect(page.getByText('beta', { exact: true })).toBeVisible();
  await firstCell(devicesTable(page));
  const dialog = await openFirstHistory(page, devicesTable(page));
  await expect(dialog.getByRole('table', { name: 'Assignment history' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  const first = await firstCell(devicesTable(page));
  await serviceWorkerInControl(page);
  await expect(bodyRows(devicesTable(page)).first()).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(new ReportsPage(page).offlineStamp()).toContainText('offline — as of');
  await expect(bodyRows(devicesTable(page)).first().locator('td').first()).toHaveText(first);
  await context.setOffline(false);
});
