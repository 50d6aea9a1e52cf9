import { expect, test } from '@playwright/test';
import { Shell } from '../../pages/shell';
import { accounts } from '../../fixtures/accounts';
import { SignInPage } from '../../pages/sign-in-page';
import { signedInAs } from '../../fixtures/session';

test('a forbidden URL typed directly redirects to the landing page', async ({ page }) => {
  await signedInAs(page, 'manager', '/app/maintenance/gateways');
  await expect(page).toHaveURL(/\/app\/reports\/overview(\?.*)?$/);
  await page.goto('/app/accounts/organizations');
  await expect(page).toHaveURL(/\/app\/reports\/overview(\?.*)?$/);
});

test('an end user cannot open account pages', async ({ page }) => {
  await signedInAs(page, 'nurse', '/app/accounts/users');
  await expect(page).toHaveURL(/\/app\/reports\/user-overview(\?.*)?$/);
});

test('/app/maintenance/nfc redirects to /app/accounts/nfc', async ({ page }) => {
  await signedInAs(page, 'admin', '/app/maintenance/nfc');
  await expect(page).toHaveURL('/app/accounts/nfc');
  await expect(new Shell(page).pageTitle()).toHaveText('NFC Tag Assignment');
  await expect(page.getByRole('table', { name: 'NFC tags' })).toBeVisible();
});

test('unknown paths: under /app to the landing page, elsewhere to /auth', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page).toHaveURL('/auth');
  await page.goto('/app/reports/overview');
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/app/reports/overview');

  await signedInAs(page, 'tech', '/app/no/such/page');
  await expect(page).toHaveURL(/\/app\/reports\/user-overview(\?.*)?$/);
});

test('a signed-in visitor on /auth goes to /app', async ({ page }) => {
  await signedInAs(page, 'admin', '/auth');
  await expect(page).toHaveURL(/\/app\/reports\/overview(\?.*)?$/);
});

test('signing out returns to /auth and closes the signed-in area', async ({ page }) => {
  await signedInAs(page, 'admin');
  await new Shell(page).signOut();
  await expect(page).toHaveURL('/auth');
  await page.goto('/app/reports/overview');
  await expect(page).toHaveURL(/\/auth\?redirect=/);
});

test('a shared link opened signed out returns to its address once signed in, never to another site', async ({ page }) => {
  await page.setViewportSize({ width: 810, height: 1080 });
  const shared = '/app/reports/compliance?startDate=2026-11-01&endDate=2026-11-07';
  await page.goto(shared);
  const signIn = new SignInPage(page);
  await expect(signIn.login()).toBeVisible();
  await signIn.fill(accounts.manager.email, accounts.manager.password);
  await signIn.submit().click();
  await expect(page).toHaveURL(/\/app\/reports\/compliance\?(.*&)?startDate=2026-11-01&endDate=2026-11-07(&|$)/);
  await expect(new Shell(page).pageTitle()).toHaveText('Compliance Report');

  // Signed in already, /auth follows the same address; one off the site is not followed.
  await page.goto(`/auth?redirect=${encodeURIComponent('/app/reports/handwash?startDate=2026-11-02&endDate=2026-11-03')}`);
  await expect(page).toHaveURL(/\/app\/reports\/handwash\?(.*&)?startDate=2026-11-02&endDate=2026-11-03(&|$)/);
  await new Shell(page).signOut();
  await page.goto(`/auth?redirect=${encodeURIComponent('https://evil.example/app')}`);
  await signIn.fill(accounts.manager.email, accounts.manager.password);
  await signIn.submit().click();
  await expect(page).toHaveURL(/\/app\/reports\/overview(\?.*)?$/);
});
