import { expect, test } from '@playwright/test';
import { accounts } from '../../fixtures/accounts';
import { SignInPage } from '../../pages/sign-in-page';

test('a wrong password says so and stays on /auth', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.fill(accounts.admin.email, 'Wrong!2345');
  await signIn.submit().click();
  await expect(signIn.alert()).toHaveText('Incorrect username or password.');
  await expect(page).toHaveURL('/auth');
  // What was typed stays for another try.
  await expect(signIn.login()).toHaveValue(accounts.admin.email);
});

test('an unknown user gets the same answer as a wrong password', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.fill('nobody@demo.health', 'Wrong!2345');
  await signIn.submit().click();
  await expect(signIn.alert()).toHaveText('Incorrect username or password.');
});

test('a disabled account is told to contact an administrator', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.fill(accounts.disabled.email, accounts.disabled.password);
  await signIn.submit().click();
  await expect(signIn.alert()).toHaveText('User account is disabled. Contact your administrator to be reactivated.');
  await expect(page).toHaveURL('/auth');
});
