import { expect, test } from '@playwright/test';
import type { BootstrapResponse } from '@contracts/bootstrap';
import { accounts } from '../../fixtures/accounts';
import { idTokenOf } from '../../fixtures/api';
import { Shell } from '../../pages/shell';
import { SignInPage } from '../../pages/sign-in-page';
import { signedInAs } from '../../fixtures/session';

// A 2×2 red PNG.
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
);

test('a photo uploaded for the signed-in user replaces the initials in the shell’s avatar from the next sign-in', async ({ page, request }) => {
  await signedInAs(page, 'charge');
  const avatar = page.getByRole('button', { name: /^Profile menu for/ }).locator('.mantine-Avatar-root');
  await expect(avatar).toHaveAttribute('data-photo', 'none');

  const token = await idTokenOf(page);
  const bootstrap = (await (
    await request.get(`/api/bootstrap?username=${encodeURIComponent(accounts.charge.email)}&loginType=WEB_APP`, { headers: { Authorization: token } })
  ).json()) as BootstrapResponse;
  const refused = await request.post(`/api/users/${bootstrap.user.id}/photo`, {
    headers: { Authorization: token },
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('GIF89a, not a png') } },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { message: string }).message).toBe("It looks like that file wasn't the right type. Try a png or jpeg");

  const uploaded = await request.post(`/api/users/${bootstrap.user.id}/photo`, {
    headers: { Authorization: token },
    multipart: { file: { name: 'photo.png', mimeType: 'image/png', buffer: PHOTO } },
  });
  expect(uploaded.ok()).toBe(true);

  // The shell shows the user the session loaded; the next sign-in brings the new picture.
  await new Shell(page).signOut();
  await new SignInPage(page).signInAs('charge');
  await expect(avatar).toHaveAttribute('data-photo', 'shown');
  const image = avatar.locator('img');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
});
