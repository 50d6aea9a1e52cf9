import { expect, test } from '@playwright/test';
import { identityCall, mailAfter, staffMember } from '../../fixtures/identity';
import { SignInPage } from '../../pages/sign-in-page';

test('an unconfirmed account gets a fresh code at sign-in, enters it and is signed in', async ({ page, request }) => {
  const username = await staffMember(request, 4);
  // The account signed itself up but never confirmed (as from a self-registration page).
  await mailAfter(username, 'CustomMessage_SignUp', () =>
    identityCall(request, 'SignUp', {
      Username: username,
      Password: 'Confirm!2345',
      UserAttributes: [{ Name: 'email', Value: username }],
    }),
  );

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.fill(username, 'Confirm!2345');
  const mail = await mailAfter(username, 'CustomMessage_ResendCode', () => signIn.submit().click());

  await expect(page).toHaveURL(`/account-auth?username=${encodeURIComponent(username)}`);
  await expect(page.getByRole('heading', { name: 'Authenticate Your Account' })).toBeVisible();
  await expect(page.getByText(/^A code was sent to .\*\*\*@s\*\*\*/)).toBeVisible();
  await page.getByLabel('Authorization code').fill(mail.code ?? '');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});
