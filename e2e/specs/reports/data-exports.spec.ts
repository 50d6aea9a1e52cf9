import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { serviceWorkerInControl } from '../../fixtures/api';
import { signedInAs } from '../../fixtures/session';
import { Shell } from '../../pages/shell';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// Each test signs in, and one waits for an export to run on the server: give it room on a busy machine.
test.slow();

const PAGE = '/app/reports/data-exports';

const exportsTable = (page: Page) => page.getByRole('table', { name: 'Exports' });
const requestsTable = (page: Page) => page.getByRole('table', { name: 'Requests' });

test('an employee requests an export, sees it finish and downloads its CSV', async ({ page }) => {
  await signedInAs(page, 'admin', PAGE);
  await expect(exportsTable(page).getByRole('columnheader', { name: 'SQL' })).toBeVisible();
  await exportsTable(page).getByRole('button', { name: 'Request Staff list' }).click();

  const dialog = page.getByRole('dialog', { name: 'Request Staff list' });
  const run = dialog.getByRole('button', { name: 'Run export' });
  // The boolean parameter must be chosen before the export can run.
  await expect(run).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Start date' }).fill('');
  await expect(dialog.getByText('a valid date range is required')).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  await dialog.getByRole('textbox', { name: 'Start date' }).fill(today);
  await dialog.getByRole('combobox', { name: 'active' }).click();
  await page.getByRole('option', { name: 'Yes' }).click();
  await expect(run).toBeEnabled();
  await run.click();

  // The Requests tab opens; the run finishes with the toast and its Download button.
  await expect(page.getByRole('tab', { name: 'Requests' })).toHaveAttribute('aria-selected', 'true');
  const row = requestsTable(page).locator('tbody tr').first();
  await expect(row).toContainText('Staff list');
  await expect(row).toContainText(`${today} – ${today}`);
  await expect(row).toContainText('active: true');
  const download = row.getByRole('button', { name: 'Download Staff list' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Data export complete.')).toBeVisible();

  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain('first_name');
  expect(lines.length).toBeGreaterThan(1);

  // Offline the lists stay readable from the cache, and requesting says it needs the connection.
  await serviceWorkerInControl(page);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-stamp')).toContainText('offline — as of');
  await expect(exportsTable(page).getByText('Staff list')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add' })).toBeDisabled();
  await exportsTable(page).getByRole('button', { name: 'Request Staff list' }).click();
  await expect(page.getByRole('button', { name: 'Run export' })).toBeDisabled();
  await expect(page.getByText('Requesting an export needs the connection')).toBeVisible();
  await page.context().setOffline(false);
});

test('an employee adds an export through the steps of the form', async ({ page }) => {
  await signedInAs(page, 'admin', PAGE);
  await page.getByRole('button', { name: 'Add' }).click();
  const form = page.getByRole('dialog', { name: 'Add data export' });
  const name = `Washes by type ${Date.now()}`;
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Next' }).click();

  const sql = form.getByLabel('SQL query');
  // Written over several lines, indented with tabs, as the seeded exports are.
  await sql.fill('SELECT wash_type, sum(wash_count) AS washes\n\tFROM export_views.hand_hygiene_daily\n\tWHERE day BETWEEN :startDate AND :endDate AND wash_count >= :minimum\n\tGROUP BY wash_type');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByText('SQL query must end with a semicolon (;)')).toBeVisible();
  await sql.fill(`${await sql.inputValue()};`);
  await form.getByRole('button', { name: 'Back' }).click();
  await expect(form.getByLabel('Name')).toHaveValue(name);
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('button', { name: 'Next' }).click();

  await form.getByRole('button', { name: 'Next' }).click();
  await expect(form.getByText("you haven't assigned the query to any organizations!")).toBeVisible();
  await form.getByLabel('Organizations').click();
  await page.getByRole('checkbox').first().check();
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Next' }).click();

  await form.getByRole('combobox', { name: 'Type of :minimum' }).click();
  await page.getByRole('option', { name: 'Integer' }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(exportsTable(page).getByText(name)).toBeVisible();
});

test('a hospital manager sees the exports without the SQL column or the Add button', async ({ page }) => {
  await signedInAs(page, 'manager', PAGE);
  await expect(exportsTable(page).getByText('Staff list')).toBeVisible();
  await expect(exportsTable(page).getByRole('columnheader', { name: 'Name' })).toBeVisible();
  await expect(exportsTable(page).getByRole('columnheader', { name: 'SQL' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add' })).toHaveCount(0);

  // On an iPad upright the page never scrolls sideways: the organizations fold into the row's details.
  await page.setViewportSize({ width: 810, height: 1080 });
  await new Shell(page).narrowed();
  await expect(exportsTable(page).getByRole('columnheader', { name: 'Organizations' })).toHaveCount(0);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  await page.getByRole('tab', { name: 'Requests' }).click();
  await expect(requestsTable(page).getByRole('columnheader', { name: 'Status' })).toBeVisible();
});
