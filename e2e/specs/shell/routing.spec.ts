import { expect, test } from '@playwright/test';
import { Shell } from '../../pages/shell';
import { SignInPage } from '../../pages/sign-in-page';

test('a forbidden URL typed directly redirects to the landing page', async ({ page }) => {
  await new SignInPage(page).signInAs('manager');
  await page.goto('/app/maintenance/gateways');
  await expect(page).toHaveURL(/\/app\/reports\/overview(\?.*)?$/);
  await page.goto('/app/accounts/organizations');
  await expect(page).toHaveURL(/\/app\/reports\/overview(\?.*)?$/);
});

test('an end user cannot open account pages', async ({ page }) => {
  await new SignInPage(page).signInAs('nurse');
  await page.goto('/app/accounts/users');
  await expect(page).toHaveURL(/\/app\/reports\/user-overview(\?.*)?$/);
});

test('/app/maintenance/nfc redirects to /app/accounts/nfc', async ({ page }) => {
  await new SignInPage(page).signInAs('admin');
  await page.goto('/app/maintenance/nfc');
  await expect(page).toHaveURL('/app/accounts/nfc');
  await expect(new Shell(page).pageTitle()).toHaveText('NFC Tag Assignment');
  await expect(page.getByRole('table', { name: 'NFC tags' })).toBeVisible();
});

test('unknown paths: under /app to the landing page, elsewhere to /auth', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page).toHaveURL('/auth');
  await page.goto('/app/reports/overview');
  await expect(page).toHaveURL('/auth');

  await new SignInPage(page).signInAs('tech');
  await page.goto('/app/no/such/page');
  await expect(page).toHaveURL(/\/app\/reports\/user-overview(\?.*)?$/);
});

test('a signed-in visitor on /auth goes to /app', async ({ page }) => {
  await new SignInPage(page).signInAs('admin');
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/app\/reports\/overview(\?.*)?$/);
});

test('signing out returns to /auth and closes the signed-in area', async ({ page }) => {
  await new SignInPage(page).signInAs('admin');
  await new Shell(page).signOut();
  await expect(page).toHaveURL('/auth');
  await page.goto('/app/reports/overview');
  await expect(page).toHaveURL('/auth');
});
