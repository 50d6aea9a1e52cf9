import { expect, test, type Page } from '@playwright/test';
import { identityCall } from '../../fixtures/identity';
import { Shell } from '../../pages/shell';
import { SignInPage } from '../../pages/sign-in-page';

/** The refresh token Amplify keeps for the signed-in user. */
async function storedRefreshToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.refreshToken'));
    return key ? (localStorage.getItem(key) ?? '') : '';
  });
}

test('signing out revokes the session: its refresh token no longer works', async ({ page, request }) => {
  await new SignInPage(page).signInAs('nurse');
  const refreshToken = await storedRefreshToken(page);
  expect(refreshToken).not.toBe('');
  // While signed in, the refresh token renews the session.
  await identityCall(request, 'InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } });

  await new Shell(page).signOut();
  await expect(page).toHaveURL('/auth');
  await expect(
    identityCall(request, 'InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } }),
  ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
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
  await expect(page).toHaveURL('/auth');
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
  await expect(new SignInPage(page).login()).toBeVisible();
});
