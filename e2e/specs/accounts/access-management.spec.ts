import { expect, test } from '@playwright/test';
import { accounts } from '../../fixtures/accounts';
import { idTokenOf } from '../../fixtures/api';
import { accountWithPassword, staffMember } from '../../fixtures/identity';
import { AccessManagementPage } from '../../pages/access-management-page';
import { SignInPage } from '../../pages/sign-in-page';

const ST_MARYS = 3;
const PASSWORD = 'Staff!Pass123';
const INACTIVE = 'User account is disabled. Contact your administrator to be reactivated.';

test('a manager revokes a signed-in user’s access (their next request is refused), grants it back, and runs a group action', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // Staff of their own (no other test takes these), each with a sign-in account and a password, but one.
  const [target, first, second, uninvited] = await Promise.all([20, 21, 22, 23].map((nth) => staffMember(request, nth)));
  for (const user of [target!, first!, second!]) await accountWithPassword(request, user, PASSWORD);

  // The target signs in in a browser of their own.
  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  const theirSignIn = new SignInPage(theirPage);
  await theirSignIn.goto();
  await theirSignIn.fill(target!, PASSWORD);
  await theirSignIn.submit().click();
  await expect(theirPage).toHaveURL(/\/app\//);
  const theirToken = await idTokenOf(theirPage);

  const signIn = new SignInPage(page);
  await signIn.signInAs('manager');
  const access = new AccessManagementPage(page);
  await access.goto([ST_MARYS]);
  await expect(page.getByRole('heading', { level: 1, name: 'Access Management' })).toBeVisible();

  // No action on one's own row, and it cannot be selected.
  await access.find(accounts.manager.email);
  const own = access.row(accounts.manager.email);
  await expect(own.getByRole('button', { name: /^(Revoke Access|Grant Access|Invite User|User Details)/ })).toHaveCount(0);
  await expect(own.getByRole('checkbox')).toBeDisabled();

  // The status filter: the target has site access, so 'No Access' leaves nobody for their name.
  await access.find(target!);
  await access.filterStatus('No Access');
  await expect(access.row(target!)).toBeHidden();
  await expect(access.table().getByText('No users found')).toBeVisible();
  await access.filterStatus('Site Access');
  const row = access.row(target!);
  await expect(row.getByText('Site Access')).toBeVisible();

  // Revoke Access, confirmed.
  await row.getByRole('button', { name: /^Revoke Access/ }).click();
  await access.confirmDialog().getByRole('button', { name: 'Revoke Access' }).click();
  await access.expectToast(/: site access revoked$/);
  await expect(row).toBeHidden();
  await access.filterStatus('No Access');
  await expect(access.row(target!).getByText('No Access')).toBeVisible();

  // The target's very next request is refused, and the app signs them out saying why.
  const refused = await request.get('/api/bootstrap', { params: { username: target!, loginType: 'WEB_APP' }, headers: { Authorization: theirToken } });
  expect(refused.status()).toBe(401);
  await theirPage.reload();
  await expect(theirPage).toHaveURL(/\/auth/);
  await expect(theirPage.getByText(INACTIVE).first()).toBeVisible();

  // Grant Access back: the target signs in again.
  await access.row(target!).getByRole('button', { name: /^Grant Access/ }).click();
  await access.expectToast(/^Site access granted to user /);
  await access.filterStatus('Site Access');
  await expect(access.row(target!).getByText('Site Access')).toBeVisible();
  await theirSignIn.goto();
  await theirSignIn.fill(target!, PASSWORD);
  await theirSignIn.submit().click();
  await expect(theirPage).toHaveURL(/\/app\//);
  await theirs.close();

  // A group action over three chosen users (kept across searches): two are revoked, the uninvited one is skipped.
  await access.filterStatus('All');
  for (const user of [first!, second!, uninvited!]) {
    await access.find(user);
    await access.row(user).getByRole('checkbox').check();
  }
  await expect(access.groupActions()).toHaveText('Group Actions (3 selected)');
  await access.groupActions().click();
  await page.getByRole('menuitem', { name: 'Revoke Access (2 of 3)' }).click();
  await expect(access.confirmDialog().getByTestId('skipped-note')).toContainText('1 selected user is skipped');
  await access.confirmDialog().getByRole('button', { name: 'Revoke Access' }).click();
  const progress = access.operationsDialog();
  await expect(progress.getByText('Revoke Access', { exact: true })).toBeVisible();
  await expect(progress.getByText('2/2 actions completed')).toBeVisible();
  await expect(progress.getByTestId('skipped-note')).toContainText('1 selected user is skipped');
  // It closes 1 s after the last action, and the table shows the change.
  await expect(progress).toBeHidden({ timeout: 5_000 });
  await expect(access.groupActions()).toHaveText('Group Actions (0 selected)');
  for (const user of [first!, second!]) {
    await access.find(user);
    await expect(access.row(user).getByText('No Access')).toBeVisible();
  }
  await access.find(uninvited!);
  await expect(access.row(uninvited!).getByRole('button', { name: /^User Details/ })).toBeVisible();
});
