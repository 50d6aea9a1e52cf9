import { expect, test, type Page } from '@playwright/test';
import { accounts } from '../../fixtures/accounts';
import { invite, staffMember } from '../../fixtures/identity';
import { PasswordForm } from '../../pages/password-form';
import { Shell } from '../../pages/shell';
import { SignInPage } from '../../pages/sign-in-page';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

test('the invited account must choose a new password, and may not keep the temporary one', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.fill(accounts.invited.email, accounts.invited.password);
  await signIn.submit().click();

  await expect(page).toHaveURL(/\/account-setup\?username=invited%40demo\.health$/);
  await expect(page.getByRole('heading', { name: 'Setup Your Account' })).toBeVisible();
  const form = new PasswordForm(page);
  await form.password().fill(accounts.invited.password);
  await form.confirmation().fill(accounts.invited.password);
  await expect(page.getByText('Password cannot be reused')).toBeVisible();
  await expect(form.submit('Set Password')).toBeDisabled();

  await form.choose('Ward7!clean', 'Set Password');
  await form.expectUpdated();
  // After 1.5 s the app reloads on /auth, which sends the now signed-in user on to the app.
  await expect(nav(page)).toBeVisible();
  await expect(page).toHaveURL(/\/app\//);
});

test('an invitation link signs in with its temporary password and leads to account setup', async ({ page, request }) => {
  const username = await staffMember(request, 0);
  const mail = await invite(request, username);
  expect(mail.link).toContain('/auth?username=');
  expect(mail.link).toMatch(/&temp_pass=[^&]+$/);

  await page.goto(mail.link ?? '');
  await expect(page.getByRole('heading', { name: 'Setup Your Account' })).toBeVisible();
  await expect(page).not.toHaveURL(/temp_pass/);
  const form = new PasswordForm(page);
  await form.choose('Rounds4!today', 'Set Password');
  await form.expectUpdated();
  await expect(nav(page)).toBeVisible();

  // The new password is the one that works from now on.
  await new Shell(page).signOut();
  const signIn = new SignInPage(page);
  await expect(signIn.login()).toBeVisible();
  await signIn.fill(username, 'Rounds4!today');
  await signIn.submit().click();
  await expect(nav(page)).toBeVisible();
});

test('an invitation link with a wrong temporary password is refused as invalid', async ({ page, request }) => {
  const username = await staffMember(request, 1);
  await invite(request, username);
  await page.goto(`/auth?username=${encodeURIComponent(username)}&temp_pass=Wrong!2345`);
  await expect(page.getByRole('alert')).toHaveText('The link you have entered is invalid. Please contact an admin for a new one');
  await expect(new SignInPage(page).login()).toBeVisible();
});
