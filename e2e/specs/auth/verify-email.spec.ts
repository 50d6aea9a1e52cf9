import { expect, test } from '@playwright/test';
import { accountWithPassword, adminIdToken, mailAfter, staffMember } from '../../fixtures/identity';
import { SignInPage } from '../../pages/sign-in-page';

test('an email-verification link opened while signed out asks the visitor to sign in first', async ({ page }) => {
  await page.goto('/auth?verification_code=123456&email=nurse%40demo.health');
  await expect(
    page.getByText('Email verification requires that you are logged in to complete. Please login and click the link again.'),
  ).toBeVisible();
  // The code stays as the link wrote it, never rewritten in quotes (%22123456%22).
  expect(page.url()).toMatch(/\/auth\?verification_code=123456&email=nurse%40demo\.health$/);
  await expect(new SignInPage(page).login()).toBeVisible();
});

test('an email-verification link opened while signed in verifies the address and continues to the app', async ({ page, request }) => {
  const username = await staffMember(request, 3);
  await accountWithPassword(request, username, 'Verify!2345');
  const mail = await mailAfter(username, 'CustomMessage_UpdateUserAttribute', async () => {
    const response = await request.post('/api/users/verify-email', {
      headers: { Authorization: await adminIdToken(request) },
      data: { username },
    });
    expect(response.status()).toBe(200);
  });
  expect(mail.link).toContain(`/auth?verification_code=${mail.code}&email=`);

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.fill(username, 'Verify!2345');
  await signIn.submit().click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  // A wrong code shows the provider's message and offers the way on.
  await page.goto(`/auth?verification_code=000000&email=${encodeURIComponent(username)}`);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue to the app' })).toBeVisible();

  await page.goto(mail.link ?? '');
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  await expect(page).toHaveURL(/\/app\//);
});
