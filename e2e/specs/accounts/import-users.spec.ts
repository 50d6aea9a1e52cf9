import { expect, test } from '@playwright/test';
import { USER_IMPORT_COLUMNS } from '@contracts/user-import';
import { UsersPage } from '../../pages/users-page';
import { signedInAs } from '../../fixtures/session';

// The Users page hosts the Import button (docs/SCREENS.md 'Users': Add and Import are disabled while no
// organization is selected); the dialog is the Import Users feature's.
const ST_MARYS = 3;
const run = Date.now().toString(36);
const row = (i: number, overrides: Partial<Record<(typeof USER_IMPORT_COLUMNS)[number], string>> = {}) => {
  const cells: Record<string, string> = {
    organizationId: String(ST_MARYS),
    userName: `e2e.import.${run}.${i}`,
    clientUserId: `E${i}`,
    firstName: `Imported${i}`,
    lastName: 'Person',
    email: `e2e.import.${run}.${i}@example.org`,
    phone: '',
    permissionsTemplate: 'Individual User',
    grantAccess: 'false',
    profession: 'Nurse',
    complianceReport: i % 10 === 0 ? 'f/d' : '',
    ...overrides,
  };
  return USER_IMPORT_COLUMNS.map((c) => cells[c]).join(',');
};
const csvOf = (lines: string[]) => ({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${[USER_IMPORT_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`) });

test('imports 200 users from a CSV: three bad rows are shown with their messages and nothing is sent until the file is fixed', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInAs(page, 'manager', '/app/accounts/users');

  const importButton = page.getByRole('button', { name: 'Import', exact: true });
  await expect(importButton).toBeDisabled();
  await new UsersPage(page).goto([ST_MARYS]);
  await expect(importButton).toBeEnabled();
  await importButton.click();

  const dialog = page.getByRole('dialog', { name: 'Import Users' });
  const fileInput = dialog.locator('input[type=file]');
  const good = Array.from({ length: 200 }, (_, i) => row(i));
  const bad = [...good];
  bad[4] = row(4, { lastName: '' });
  bad[99] = row(99, { organizationId: '0' });
  bad[150] = row(150, { email: 'not-an-email' });

  let posted = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/users/bulk')) posted += 1;
  });

  await fileInput.setInputFiles(csvOf(bad));
  await expect(dialog.getByText('3 of 200 rows need fixing before the import.')).toBeVisible();
  await expect(dialog.getByTestId('import-line-6')).toContainText('lastName is required');
  await expect(dialog.getByTestId('import-line-101')).toContainText('Invalid organizationId');
  await expect(dialog.getByTestId('import-line-152')).toContainText('Invalid email address');
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  expect(posted).toBe(0);

  await fileInput.setInputFiles(csvOf(good));
  await expect(dialog.getByText('200 rows ready to import.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('200/200 users imported')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
  expect(posted).toBe(1);
});

test('a profession new to the hospital, brought by an import, is named at once in the table and in Edit User', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signedInAs(page, 'manager', '/app/accounts/users');
  const users = new UsersPage(page);
  await users.goto([ST_MARYS]);
  const profession = `Wound Care ${run}`;
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Users' });
  await dialog.locator('input[type=file]').setInputFiles(csvOf([row(900, { profession })]));
  await expect(dialog.getByText('1 row ready to import.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('1/1 users imported')).toBeVisible({ timeout: 30_000 });

  await users.search().fill(`e2e.import.${run}.900`);
  await expect(users.row('Imported900')).toContainText(profession);
  await expect(users.row('Imported900')).not.toContainText(profession.toUpperCase().replace(/ /g, '_'));
  await users.rowAction('Imported900 Person', 'Edit');
  await expect(users.editDialog().getByRole('textbox', { name: 'Profession' }).or(users.editDialog().getByRole('combobox', { name: 'Profession' })).first()).toHaveValue(profession);
});

test('on an upright iPad the Import dialog\'s header line fits the dialog', async ({ page }) => {
  await page.setViewportSize({ width: 810, height: 1080 });
  await signedInAs(page, 'manager', '/app/accounts/users');
  await new UsersPage(page).goto([ST_MARYS]);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Users' });
  const header = dialog.getByTestId('import-header-line');
  await expect(header).toContainText('userName');
  const [line, body] = [await header.boundingBox(), await dialog.boundingBox()];
  expect(line!.x + line!.width).toBeLessThanOrEqual(body!.x + body!.width);
  expect(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth)).toBeLessThanOrEqual(0);
});
