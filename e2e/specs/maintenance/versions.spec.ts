import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signedInAs } from '../../fixtures/session';

// Versions as a technician uses it on a tablet: pick a device model, find a firmware version by
// its number, and download its image, which the demo server put into the file storage.

const PATH = '/app/maintenance/versions';
/** The demo's Minew Gateway v2 (model 9): versions 2.4.0, 2.5.1 and 2.6.0, the last the latest. */
const MODEL = { id: 9, option: 'Minew Gateway v2 (Gateway)', versions: ['2.6.0', '2.5.1', '2.4.0'] };

test.use({ viewport: { width: 1024, height: 1366 }, hasTouch: true });

test('a technician picks a model, narrows its firmware versions and downloads one', async ({ page }) => {
  await signedInAs(page, 'tech', PATH);
  await expect(page.getByRole('heading', { name: 'Versions' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Firmware versions' });
  await expect(table.getByText('Select Model')).toBeVisible();

  await page.getByRole('combobox', { name: 'Model' }).or(page.getByRole('textbox', { name: 'Model' })).first().click();
  await page.getByRole('option', { name: MODEL.option }).click();
  await expect(page).toHaveURL(new RegExp(`modelId=${MODEL.id}`));
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  for (const [i, version] of MODEL.versions.entries()) await expect(rows.nth(i)).toContainText(version);
  await expect(rows.nth(0).getByText('latest', { exact: true })).toBeVisible();
  await expect(rows.nth(1).getByText('latest', { exact: true })).toHaveCount(0);

  const search = page.getByRole('textbox', { name: 'Search' });
  await search.fill('2.5');
  await search.press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('2.5.1');
  await expect(page).toHaveURL(/search=2\.5/);
  await search.fill('9.9');
  await search.press('Enter');
  await expect(table.getByText('No Version')).toBeVisible();

  // The address keeps the model and the search.
  await page.goto(`${PATH}?modelId=${MODEL.id}&search=2.6`);
  await expect(rows).toHaveCount(1);
  const download = page.getByRole('button', { name: 'Download firmware 2.6.0' });
  expect((await download.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  const [file] = await Promise.all([page.waitForEvent('download'), download.tap()]);
  expect(file.suggestedFilename()).toBe('minew-gateway-v2-2.6.0.bin');
  const bytes = readFileSync((await file.path())!);
  expect(bytes.subarray(0, 60).toString('utf8')).toContain('LAVO DEMO FIRMWARE\nmodel: Minew Gateway v2\nversion: 2.6.0\n');
  expect(bytes.length).toBeGreaterThan(8 * 1024);
});
