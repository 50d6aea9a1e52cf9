import { expect, test } from '@playwright/test';
import { Shell } from '../../pages/shell';
import { signedInAs } from '../../fixtures/session';

test('the profile popup’s items line up: Profile, Support and Sign Out start at the same x', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInAs(page, 'admin');
  const popup = await new Shell(page).openProfilePopup();
  const textX = async (name: string) => {
    const label = popup.getByRole(name === 'Sign Out' ? 'button' : 'link', { name, exact: true }).getByText(name, { exact: true });
    return (await label.boundingBox())?.x ?? Number.NaN;
  };
  const [profile, support, signOut] = [await textX('Profile'), await textX('Support'), await textX('Sign Out')];
  expect(Math.abs(profile - support)).toBeLessThanOrEqual(1);
  expect(Math.abs(profile - signOut)).toBeLessThanOrEqual(1);
});
