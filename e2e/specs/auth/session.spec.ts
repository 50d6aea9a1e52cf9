import { expect, test, type Page } from '@playwright/test';
import { idTokenOf } from '../../fixtures/api';
import { identityCall, mailAfter } from '../../fixtures/identity';
import { Shell } from '../../pages/shell';
import { SignInPage } from '../../pages/sign-in-page';

/** The refresh token Amplify keeps for the signed-in user. */
async function storedRefreshToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.refreshToken'));
    return key ? (localStorage.getItem(key) ?? '') : '';
  });
}

test('signing out revokes the session: its refresh token and its id token no longer work', async ({ page, request }) => {
  await new SignInPage(page).signInAs('nurse');
  const refreshToken = await storedRefreshToken(page);
  const idToken = await idTokenOf(page);
  const bootstrap = () => request.get('/api/bootstrap', { params: { username: 'nurse@demo.health', loginType: 'WEB_APP' }, headers: { Authorization: idToken } });
  expect((await bootstrap()).status()).toBe(200);
  expect(refreshToken).not.toBe('');
  // While signed in, the refresh token renews the session.
  await identityCall(request, 'InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } });

  await new Shell(page).signOut();
  await expect(page).toHaveURL('/auth');
  await expect(
    identityCall(request, 'InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } }),
  ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  // The id token has not expired, but the API refuses it at once.
  expect((await bootstrap()).status()).toBe(401);
});

test('an identity nobody invited signs in at the provider but is refused by the console and signed out with the reason', async ({ page, request }) => {
  const email = `self-signed-${Date.now().toString(36)}@example.org`;
  const password = 'Intruder!2345';
  const mail = await mailAfter(email, 'CustomMessage_SignUp', () =>
    identityCall(request, 'SignUp', { Username: email, Password: password, UserAttributes: [{ Name: 'email', Value: email }] }),
  );
  await identityCall(request, 'ConfirmSignUp', { Username: email, ConfirmationCode: mail.code });

  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.fill(email, password);
  await signIn.submit().click();
  await expect(page).toHaveURL('/auth');
  await expect(page.getByText('This sign-in has no account here. Ask your administrator for an invitation.')).toBeVisible();
  await expect(signIn.login()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
});

test('a session that can no longer be renewed ends with a clear message', async ({ page, request }) => {
  await new SignInPage(page).signInAs('manager');
  // The provider revokes the session (as an administrator or another device would).
  const refreshToken = await storedRefreshToken(page);
  await identityCall(request, 'RevokeToken', { Token: refreshToken });
  // Make this device's tokens due for renewal now: its clock runs two days ahead of the provider's.
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.clockDrift'));
    if (key) localStorage.setItem(key, String(48 * 60 * 60 * 1000));
  });
  await page.reload();
  // The app judges the stored tokens due as Amplify does (on the provider's clock) and tries the
  // renewal as it starts, before any request with them.
  await expect(page).toHaveURL(/\/auth(\?redirect=.*)?$/);
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  await expect(new SignInPage(page).login()).toBeVisible();
});
