import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { accounts } from '../../fixtures/accounts';
import { signedInAs } from '../../fixtures/session';
import { SignInPage } from '../../pages/sign-in-page';
import { UsersPage } from '../../pages/users-page';

const ST_MARYS = 3;

test('a manager exports the users of the chosen organization as a CSV job and downloads it', async ({ page }) => {
  test.setTimeout(90_000);
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.fill(accounts.manager.email, accounts.manager.password);
  await signIn.submit().click();
  await expect(page).toHaveURL(/\/app\//);

  const users = new UsersPage(page);
  await users.goto([ST_MARYS]);
  await users.search().fill('charge@demo');
  await expect(users.row('charge@demo.health')).toBeVisible();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  // The job is polled every 2 s until it completed; its link is kept while the filters stay.
  const download = page.getByRole('button', { name: 'Download CSV' });
  await expect(download).toBeVisible({ timeout: 20_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^Users_\d{4}-\d\d-\d\d_\d\d-\d\d-\d\d_Export\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trim().split('\n');
  expect(lines[0]).toBe('Name,Username,Employee ID,Organization,Profession,Permissions Template,Status,Email,Device,Created');
  expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(['charge@demo.health']);

  // Other filters: the old file is not offered for them.
  await users.search().fill('manager@demo');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
});

test('the users CSV follows the order the table shows and writes times in the hospital\'s clock', async ({ page }) => {
  test.setTimeout(90_000);
  await signedInAs(page, 'manager');
  const users = new UsersPage(page);
  await users.goto([ST_MARYS], 'demo.health');
  await expect(users.row('charge@demo.health')).toBeVisible();
  // Username, descending: the header twice.
  const sortByUsername = users.table().getByRole('button', { name: 'Sort by Username' });
  await sortByUsername.click();
  await sortByUsername.click();
  await expect(users.table().getByRole('columnheader', { name: /Username/ })).toHaveAttribute('aria-sort', 'descending');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = page.getByRole('button', { name: 'Download CSV' });
  await expect(download).toBeVisible({ timeout: 20_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const lines = (await readFile((await file.path())!, 'utf8')).trim().split('\n').slice(1);
  const userNames = lines.map((l) => l.split(',')[1]!);
  expect(userNames.length).toBeGreaterThan(2);
  expect(userNames).toEqual([...userNames].sort((a, b) => b.localeCompare(a, 'en-US', { numeric: true, sensitivity: 'base' })));
  // St. Mary's keeps Pacific time: each Created has its offset there.
  for (const line of lines) expect(line.split(',').at(-1)).toMatch(/T\d\d:\d\d:\d\d-0[78]:00$/);
});
