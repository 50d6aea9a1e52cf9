import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { accounts } from '../../fixtures/accounts';
import { mailAfter } from '../../fixtures/identity';
import { PasswordForm } from '../../pages/password-form';
import { Shell } from '../../pages/shell';
import { SignInPage } from '../../pages/sign-in-page';
import { UsersPage } from '../../pages/users-page';

const ST_MARYS = 3;

test('a manager adds a user with site access, edits, deactivates and activates them, and the invited user signs in', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const email = `new.nurse.${tag}@example.org`;
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.fill(accounts.manager.email, accounts.manager.password);
  await signIn.submit().click();
  await expect(page).toHaveURL(/\/app\//);

  const users = new UsersPage(page);
  await users.goto([ST_MARYS]);
  await users.addButton().click();
  const add = users.addDialog();
  await add.getByLabel('First Name').fill('Nora');
  await add.getByLabel('Last Name').fill(`New${tag}`);
  const access = add.getByRole('switch', { name: 'Grant site access' });
  await expect(access).toBeDisabled();
  await add.getByLabel('Email').fill('not-an-email');
  await expect(add.getByText('Invalid email address')).toBeVisible();
  await add.getByLabel('Email').fill(email);
  await access.check({ force: true });
  await expect(add.getByLabel('Username', { exact: true })).toHaveValue(email);
  const mail = await mailAfter(email, 'CustomMessage_AdminCreateUser', async () => {
    await add.getByRole('button', { name: 'Submit' }).click();
    await users.expectToast('User successfully created');
  });
  await expect(add).toBeHidden();

  // Edit: a new last name and a phone, formatted as typed.
  await users.search().fill(email);
  await expect(users.row(email)).toBeVisible();
  await users.rowAction(`Nora New${tag}`, 'Edit');
  const edit = users.editDialog();
  await edit.getByLabel('Last Name').fill(`Edited${tag}`);
  await edit.getByRole('tab', { name: 'Account' }).click();
  await expect(edit.getByLabel('Username')).toBeDisabled();
  await edit.getByLabel('Phone').fill('5551234567');
  await expect(edit.getByLabel('Phone')).toHaveValue('(555) 123 -4567');
  await edit.getByRole('button', { name: 'Save' }).click();
  await users.expectToast('User successfully updated');
  await expect(users.row(`Nora Edited${tag}`)).toBeVisible();

  // Deactivate (confirmed), then Activate (no confirmation).
  await users.rowAction(`Nora Edited${tag}`, 'Deactivate');
  await users.deactivateDialog().getByRole('button', { name: 'Deactivate' }).click();
  await users.expectToast('User successfully deactivated');
  await expect(users.row(email).getByText('Deactivated')).toBeVisible();
  await users.rowAction(`Nora Edited${tag}`, 'Activate');
  await users.expectToast('User successfully reactivated');
  await expect(users.row(email).getByText('Activated', { exact: true })).toBeVisible();

  // History: a new user has held no wearable yet.
  await users.rowAction(`Nora Edited${tag}`, 'History');
  const history = page.getByRole('dialog', { name: 'User History' });
  await expect(history.getByText('No events')).toBeVisible();
  await history.getByRole('button', { name: 'Close' }).click();
  // The row links to the reports for this user.
  await page.getByRole('button', { name: `Actions for Nora Edited${tag}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Compliance' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Staff Rounding' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The invited user follows the link, chooses a password and is signed in.
  await new Shell(page).signOut();
  await expect(signIn.login()).toBeVisible();
  expect(mail.link).toContain('/auth?username=');
  await page.goto(mail.link ?? '');
  await expect(page.getByRole('heading', { name: 'Setup Your Account' })).toBeVisible();
  await new PasswordForm(page).choose('Welcome4!ward', 'Set Password');
  await new PasswordForm(page).expectUpdated();
  await expect(new Shell(page).nav()).toBeVisible();
  await expect(page).toHaveURL(/\/app\//);

  // My Account: the new user changes their name and phone; a password typed differently twice is refused.
  await page.goto('/app/settings/my-account');
  await expect(page.getByText(`Nora Edited${tag}`)).toBeVisible();
  await expect(page.getByText('(555) 123 -4567')).toBeVisible();
  await page.getByRole('button', { name: 'Edit name' }).click();
  const names = page.getByRole('dialog', { name: 'Change your name' });
  await names.getByLabel('First Name').fill('Norah');
  await names.getByRole('button', { name: 'Save' }).click();
  await users.expectToast('Successfully updated!');
  await expect(page.getByText(`Norah Edited${tag}`)).toBeVisible();
  // The shell follows at once, without a new session.
  await expect(page.getByRole('button', { name: `Profile menu for Norah Edited${tag}` })).toBeVisible();
  await page.getByRole('button', { name: 'Edit phone' }).click();
  const phone = page.getByRole('dialog', { name: 'Change your phone number' });
  await phone.getByLabel('Phone').fill('5559876543');
  await expect(phone.getByLabel('Phone')).toHaveValue('(555) 987 -6543');
  await phone.getByRole('button', { name: 'Save' }).click();
  await expect(phone).toBeHidden();
  await expect(page.getByText('(555) 987 -6543')).toBeVisible();
  await page.getByRole('button', { name: 'Set Password password' }).click();
  const password = page.getByRole('dialog', { name: 'Set your password' });
  // A weak password, typed twice alike, is not offered for saving: the checklist says what it lacks.
  await password.getByLabel('New password', { exact: true }).fill('abc');
  await password.getByLabel('Confirm new password').fill('abc');
  const checklist = password.getByTestId('password-checklist');
  await expect(checklist.locator('[data-rule="length"]')).toHaveAttribute('data-met', 'false');
  await expect(checklist.locator('[data-rule="match"]')).toHaveAttribute('data-met', 'true');
  await expect(password.getByRole('button', { name: 'Save' })).toBeDisabled();
  await password.getByLabel('New password', { exact: true }).fill('Another4!pass');
  await password.getByLabel('Confirm new password').fill('Another4!pasz');
  await expect(password.getByText("It looks like the passwords don't match. Try again!")).toBeVisible();
  await expect(password.getByRole('button', { name: 'Save' })).toBeDisabled();
  await password.getByLabel('Confirm new password').fill('Another4!pass');
  await expect(checklist.locator('[data-met="false"]')).toHaveCount(0);
  await password.getByRole('button', { name: 'Save' }).click();
  await users.expectToast('Successfully updated!');
});
