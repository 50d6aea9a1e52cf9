import { expect, test } from '@playwright/test';
import { identityCall, mailAfter, staffMember } from '../../fixtures/identity';
import { SignInPage } from '../../pages/sign-in-page';

test('an unconfirmed sign-up gets a fresh code at sign-in and confirms it, but a staff member’s name gives it no access to their account', async ({ page, request }) => {
  const username = await staffMember(request, 4);
  // Someone signs up at the identity provider under a staff member's name and never confirms.
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
  // The provider confirmed the identity and signed it in; the console knows the staff member by
  // the identity they were invited with, so this one is refused and signed out with the reason.
  await expect(page).toHaveURL('/auth');
  await expect(page.getByText('This sign-in has no account here. Ask your administrator for an invitation.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
});
