import { expect, test } from '@playwright/test';
import { accountWithPassword, mailAfter, staffMember } from '../../fixtures/identity';
import { PasswordForm } from '../../pages/password-form';
import { SignInPage } from '../../pages/sign-in-page';

test('forgot password → emailed link → new password → sign in, and the used link then counts as expired', async ({ page, request }) => {
  const username = await staffMember(request, 2);
  await accountWithPassword(request, username, 'First!2345');

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.login().fill(username);
  await page.getByRole('link', { name: 'Forgot password' }).click();
  await expect(page).toHaveURL(`/password?email=${encodeURIComponent(username)}`);
  await expect(page.getByLabel('Organization email or username')).toHaveValue(username);

  const mail = await mailAfter(username, 'CustomMessage_ForgotPassword', async () => {
    await page.getByRole('button', { name: 'Send Link' }).click();
    await expect(page.getByText(/^Password reset email was sent to /)).toBeVisible();
  });
  // The provider masks the address, as Cognito does.
  await expect(page.getByText(`Password reset email was sent to ${username[0]}***@s***`)).toBeVisible();
  await expect(page.getByText('Please check your email for a link to reset your password')).toBeVisible();
  expect(mail.link).toContain(`/reset?confirmation_code=${mail.code}`);

  await page.goto(mail.link ?? '');
  await expect(page.getByRole('heading', { name: 'Create New Password' })).toBeVisible();
  // The code stays in the address as the mail wrote it, never rewritten in quotes.
  expect(new URL(page.url()).search).toBe(new URL(mail.link ?? '').search);
  expect(page.url()).not.toContain('%22');
  const form = new PasswordForm(page);
  await form.choose('Second!2345', 'Create New Password');
  await form.expectUpdated();
  await expect(signIn.login()).toBeVisible();
  await expect(page).toHaveURL('/auth');

  await signIn.fill(username, 'First!2345');
  await signIn.submit().click();
  await expect(signIn.alert()).toHaveText('Incorrect username or password.');
  await signIn.password().fill('Second!2345');
  await signIn.submit().click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  // Opened again, the used link is expired: back to forgot password with the name filled in.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await page.goto(mail.link ?? '');
  await form.choose('Third!23456', 'Create New Password');
  await expect(page).toHaveURL(`/password?email=${encodeURIComponent(username)}`);
  await expect(page.getByText('Your link has expired. Please re-enter your email to get a new link')).toBeVisible();
  await expect(page.getByLabel('Organization email or username')).toHaveValue(username);
});

test('asking for a reset of an unknown account looks the same as a known one', async ({ page }) => {
  await page.goto('/password');
  await expect(page.getByRole('button', { name: 'Send Link' })).toBeDisabled();
  await page.getByLabel('Organization email or username').fill('nobody@demo.health');
  await page.getByRole('button', { name: 'Send Link' }).click();
  await expect(page.getByText('email sent!')).toBeVisible();
  await expect(page.getByText('Please check your email for a link to reset your password')).toBeVisible();
});
