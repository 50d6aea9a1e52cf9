import { expect, test } from '@playwright/test';
import { accounts } from '../../fixtures/accounts';
import { SignInPage } from '../../pages/sign-in-page';

// The technician on an upright tablet: they wear no device, and the spec lands them on the User Overview.
test.use({ viewport: { width: 800, height: 1280 }, hasTouch: true });

test('someone who wears no device lands on a User Overview that says so and offers their most-used pages', async ({ page }) => {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.fill(accounts.tech.email, accounts.tech.password);
  await signIn.submit().click();
  await expect(page).toHaveURL(/\/app\/reports\/user-overview/);
  const notice = page.getByTestId('no-smartsensor');
  await expect(notice).toContainText('No SmartSensor is assigned to you');
  await expect(notice.getByText('Your most-used pages:')).toBeVisible();
  const offered = notice.getByRole('link');
  await expect(offered).toHaveCount(3);
  await offered.filter({ hasText: 'NFC Tag Assignment' }).click();
  await expect(page).toHaveURL(/\/app\/accounts\/nfc/);

  // The NFC page, opened most now, comes first next time.
  await page.goto('/app/reports/user-overview');
  await expect(page.getByTestId('no-smartsensor').getByRole('link').first()).toHaveText('NFC Tag Assignment');
});
