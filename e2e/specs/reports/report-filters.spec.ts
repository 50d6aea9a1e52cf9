import { expect, type Page, test } from '@playwright/test';
import { accounts, type AccountKey } from '../../fixtures/accounts';
import { ReportsPage } from '../../pages/reports-page';
import { SignInPage } from '../../pages/sign-in-page';

// A new manager of St. Mary's on an iPad held upright, as the filters were walked.
test.use({ viewport: { width: 810, height: 1080 }, hasTouch: true });

const ids = (reports: ReportsPage) => (reports.params().get('organizationIds') ?? '').split(',').filter(Boolean).map(Number);
const opportunities = async (reports: ReportsPage) => Number((await reports.statValue('Opportunities').textContent())?.replace(/\D/g, ''));
/** Signs in through the form; on a tablet the navigation is a drawer, so the landing address says it is done. */
async function signInAs(page: Page, key: AccountKey) {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.fill(accounts[key].email, accounts[key].password);
  await signIn.submit().click();
  await expect(page).toHaveURL(/\/app\/reports\//);
}

const box = (page: Page, name: string) => page.getByRole('dialog').getByRole('checkbox', { name, exact: true });

test('the organization tree means what it shows: a unit unticked leaves its hospital partly ticked and the figures without it; Clear clears', async ({ page }) => {
  await signInAs(page, 'manager');
  const reports = new ReportsPage(page);
  await expect(page).toHaveURL(/\/app\/reports\/overview\?/);
  await expect(reports.statValue('Opportunities')).not.toHaveText('—');
  await expect(reports.busySections()).toHaveCount(0);
  const whole = await opportunities(reports);

  await reports.organizationsButton().click();
  await expect(box(page, "St. Mary's Hospital")).toBeChecked();
  await box(page, "St. Mary's ICU").click();
  await expect(box(page, "St. Mary's ICU")).not.toBeChecked();
  await expect(box(page, "St. Mary's Hospital")).toHaveAttribute('data-indeterminate', 'true');
  // The address names the ticked units, not the hospital (which would bring ICU back).
  await expect.poll(() => ids(reports)).toEqual([6, 7, 8]);
  await page.keyboard.press('Escape');
  await expect(reports.busySections()).toHaveCount(0);
  await expect.poll(() => opportunities(reports)).toBeLessThan(whole);

  // Clear unticks everything and changes nothing until something is ticked; then only that counts.
  const before = page.url();
  await reports.organizationsButton().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Clear' }).click();
  for (const name of ["St. Mary's Hospital", "St. Mary's ICU", "St. Mary's Emergency"]) await expect(box(page, name)).not.toBeChecked();
  await expect(page.getByRole('dialog').getByRole('status')).toHaveText(/Nothing is ticked/);
  expect(page.url()).toBe(before);
  await box(page, "St. Mary's ICU").click();
  await expect.poll(() => ids(reports)).toEqual([5]);
  await expect(box(page, "St. Mary's Emergency")).not.toBeChecked();
});

test('ids outside the manager’s access in a link are left out, said once in a toast', async ({ page }) => {
  await signInAs(page, 'manager');
  const reports = new ReportsPage(page);
  // The landing page has drawn: signing in is over before the links are opened.
  await expect(reports.statValue('Opportunities')).not.toHaveText('—');
  for (const outside of ['1', '999']) {
    await page.goto(`/app/reports/overview?organizationIds=${outside}`);
    // The address is rewritten first (a failure here names the address the page ended on).
    await expect(page).toHaveURL(/[?&]organizationIds=3(%2C|,)5(%2C|,)6(%2C|,)7(%2C|,)8(&|$)/);
    await expect(page.getByText('This link named organizations or locations outside your access. They were left out.')).toBeVisible();
    await expect.poll(() => ids(reports)).toEqual([3, 5, 6, 7, 8]);
    await expect(reports.organizationsButton()).toContainText("St. Mary's Hospital");
    await expect(reports.statValue('Opportunities')).not.toHaveText('—');
  }
  // A link within access is followed as it is, without a word.
  await page.goto('/app/reports/overview?organizationIds=5');
  await expect.poll(() => ids(reports)).toEqual([5]);
  await expect(reports.organizationsButton()).toContainText("St. Mary's ICU");
  await expect(page.getByText(/outside your access/)).toHaveCount(0);
});

test('Activity Breakdown’s user picker: entering it selects the name, so typing searches afresh', async ({ page }) => {
  await page.setViewportSize({ width: 1080, height: 810 });
  await signInAs(page, 'admin');
  await page.goto('/app/reports/activity-breakdown');
  const field = page.getByRole('combobox', { name: 'User' });
  await expect(field).not.toHaveValue('');
  const mine = await field.inputValue();
  await field.click();
  await page.keyboard.type('Sofia');
  await expect(field).toHaveValue('Sofia');
  await expect(page.getByRole('option', { name: /Sofia/ }).first()).toBeVisible();
  expect(mine).not.toContain('Sofia');
});
