import { expect, test } from '@playwright/test';
import { accounts } from '../../fixtures/accounts';
import { Shell } from '../../pages/shell';
import { SignInPage } from '../../pages/sign-in-page';

const landings = [
  { key: 'admin', landing: '/app/reports/overview', sections: ['Reports', 'Accounts', 'Maintenance'], link: 'Gateways and IoT Devices' },
  { key: 'manager', landing: '/app/reports/overview', sections: ['Reports', 'Accounts'], link: 'Users' },
  { key: 'nurse', landing: '/app/reports/user-overview', sections: ['Reports'], link: 'User' },
  { key: 'tech', landing: '/app/reports/user-overview', sections: ['Reports', 'Accounts', 'Maintenance'], link: 'Wristbands' },
] as const;

for (const { key, landing, sections, link } of landings) {
  test(`${key} signs in, lands on ${landing} and sees ${sections.join(', ')}`, async ({ page }) => {
    await new SignInPage(page).signInAs(key);
    // The report pages add their filters to the address.
    await expect(page).toHaveURL(new RegExp(`${landing}(\\?.*)?$`));
    const shell = new Shell(page);
    expect(await shell.sections()).toEqual(sections);
    await expect(shell.navLink(link)).toBeVisible();
  });
}

test('the login is stripped of whitespace and lower-cased, and the button follows the rules', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await expect(signIn.submit()).toBeDisabled();
  await signIn.login().fill(' Admin@Demo.Health ');
  await expect(signIn.login()).toHaveValue('admin@demo.health');
  await expect(signIn.submit()).toBeDisabled();
  await signIn.password().fill(accounts.admin.password);
  await expect(signIn.submit()).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', /email=admin%40demo\.health/);
  await expect(page.getByText('Your Vital Partner in Patient Safety')).toBeVisible();
});
