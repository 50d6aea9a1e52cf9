import { expect, type Locator, type Page, test } from '@playwright/test';
import { serviceWorkerInControl } from '../../fixtures/api';
import { ReportsPage } from '../../pages/reports-page';
import { SignInPage } from '../../pages/sign-in-page';

const bodyRows = (table: Locator) => table.locator('tbody tr');
const usageTable = (page: Page) => page.getByRole('table', { name: 'SmartSensor usage' });
const devicesTable = (page: Page) => page.getByRole('table', { name: 'SmartSensors' });

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
  await new SignInPage(page).signInAs('manager');
  await page.goto('/app/reports/wearable-usage');
  await expect(page).toHaveURL(/startDate=/);
  const live = page.getByRole('switch', { name: 'Live' });
  await expect(live).not.toBeChecked();

  await live.click();
  await expect(live).toBeChecked();
  await expect.poll(() => [reports.params().get('startDate'), reports.params().get('endDate')]).toEqual([day(0), day(0)]);
  await live.click();
  await expect(live).not.toBeChecked();
  await expect.poll(() => [reports.params().get('startDate'), reports.params().get('endDate')]).toEqual([day(-7), day(-1)]);

  await expect(bodyRows(usageTable(page)).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  const dialog = await openFirstHistory(page, usageTable(page));
  await expect(dialog.getByRole('table', { name: 'Assignment history' }).locator('tbody tr').first()).toBeVisible();
  await expect(dialog.getByText('Assign', { exact: true }).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});

test('SmartSensor Usage reads offline from the last answer, with its date', async ({ page, context }) => {
  await new SignInPage(page).signInAs('manager');
  await page.goto('/app/reports/wearable-usage');
  await expect(bodyRows(usageTable(page)).first()).toBeVisible();
  await expect(page.locator('section[aria-busy="true"]')).toHaveCount(0);
  const first = await bodyRows(usageTable(page)).first().locator('td').first().textContent();
  await serviceWorkerInControl(page);
  await expect(bodyRows(usageTable(page)).first()).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(new ReportsPage(page).offlineStamp()).toContainText('offline — as of');
  await expect(bodyRows(usageTable(page)).first().locator('td').first()).toHaveText(first ?? '');
  await context.setOffline(false);
});

// SmartSensor Management (beta) is for LAVO organizations: the provider's administrator, not the hospital's.
test('SmartSensor Management lists the devices, marked beta, each with its history; it reads offline too', async ({ page, context }) => {
  await new SignInPage(page).signInAs('admin');
  await page.goto('/app/reports/wearable-management');
  await expect(page.getByText('beta', { exact: true })).toBeVisible();
  await expect(bodyRows(devicesTable(page)).first()).toBeVisible();
  const dialog = await openFirstHistory(page, devicesTable(page));
  await expect(dialog.getByRole('table', { name: 'Assignment history' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  const first = await bodyRows(devicesTable(page)).first().locator('td').first().textContent();
  await serviceWorkerInControl(page);
  await expect(bodyRows(devicesTable(page)).first()).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(new ReportsPage(page).offlineStamp()).toContainText('offline — as of');
  await expect(bodyRows(devicesTable(page)).first().locator('td').first()).toHaveText(first ?? '');
  await context.setOffline(false);
});
