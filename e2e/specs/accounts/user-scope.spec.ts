import { randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { clientId, mailAfter } from '../../fixtures/identity';
import { signedInAs } from '../../fixtures/session';
import { PasswordForm } from '../../pages/password-form';
import { ReportsPage } from '../../pages/reports-page';
import { Shell } from '../../pages/shell';
import { UsersPage } from '../../pages/users-page';

// What a user may see (docs/PERMISSIONS.md 'Scope'), as a hospital administrator sets it on an
// iPad: Add User asks for it for every template that opens reports, starting at the new user's
// organization; a user who has none is told so instead of shown zeros, and Edit User's Access tab
// gives it to them.

const ST_MARYS = 3;
const CHARGE_NURSE_TEMPLATE = 5;
const NOTICE = 'No organization or location to show yet';

test.use({ viewport: { width: 810, height: 1080 }, hasTouch: true, isMobile: true });

const templateField = (scope: Locator) => scope.getByRole('textbox', { name: 'Permissions Template' }).or(scope.getByRole('combobox', { name: 'Permissions Template' })).first();

/** Ticks `name` in the tree picker opened by the field labelled `label` (found by its search), and closes it with the field. */
async function tick(page: Page, scope: Locator, label: string, name: string) {
  const field = scope.getByRole('button', { name: new RegExp(`^${label}`) });
  await field.click();
  const picker = page.getByRole('dialog').filter({ has: page.getByPlaceholder('Search by name') });
  await picker.getByPlaceholder('Search by name').fill(name);
  await picker.getByRole('checkbox', { name, exact: true }).click();
  await expect(picker.getByRole('checkbox', { name, exact: true })).toBeChecked();
  await field.click();
  await expect(picker).toHaveCount(0);
  await expect(field).toContainText(name);
}

/** The invited user follows the invitation's link and chooses a password; their first page shows. */
async function acceptInvitation(page: Page, link: string | null | undefined) {
  expect(link).toContain('/auth?username=');
  await page.goto(link ?? '');
  await expect(page.getByRole('heading', { name: 'Setup Your Account' })).toBeVisible();
  await new PasswordForm(page).choose('Welcome4!ward', 'Set Password');
  await new PasswordForm(page).expectUpdated();
  await expect(new Shell(page).nav().or(page.getByRole('button', { name: 'Open navigation' }))).toBeVisible();
}

test('a charge nurse added with their template is given their organization to see, and lands on its figures', async ({ page }) => {
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString('hex');
  const email = `charge.${tag}@example.org`;
  await signedInAs(page, 'manager', `/app/accounts/users?organizationIds=${ST_MARYS}`);
  const users = new UsersPage(page);
  await expect(users.table()).toBeVisible();

  await users.addButton().tap();
  const add = users.addDialog();
  await add.getByLabel('First Name').fill('Casey');
  await add.getByLabel('Last Name').fill(`Charge${tag}`);
  await add.getByLabel('Email').fill(email);
  await add.getByRole('switch', { name: 'Grant site access' }).check({ force: true });
  // Individual User, the default, sees only their own figures: nothing to choose.
  await expect(add.getByText('Organization Access')).toHaveCount(0);
  await templateField(add).click();
  await page.getByRole('option', { name: 'Charge Nurse', exact: true }).click();
  // Charge Nurse opens the reports: the access starts at the user's organization.
  await expect(add.getByRole('button', { name: /^Organization Access/ })).toContainText("St. Mary's Hospital");
  const mail = await mailAfter(email, 'CustomMessage_AdminCreateUser', async () => {
    await add.getByRole('button', { name: 'Submit' }).tap();
    await users.expectToast('User successfully created');
  });

  await new Shell(page).signOut();
  await acceptInvitation(page, mail.link);
  await expect(page.getByText(NOTICE)).toHaveCount(0);
  const reports = new ReportsPage(page);
  await expect(page).toHaveURL(/\/app\/reports\/overview/);
  await expect(reports.statValue('Opportunities')).not.toHaveText('—');
});

test('a user whose template opens reports and who has nothing to see is told so, and sees figures once given access in Edit User', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const tag = randomBytes(3).toString('hex');
  const email = `unscoped.${tag}@example.org`;
  const name = `Uma Unscoped${tag}`;
  await signedInAs(page, 'manager', `/app/accounts/users?organizationIds=${ST_MARYS}`);
  // Added as an older version of the console (or an import) left such users: a template, no access.
  const manager = apiAs(request, await idTokenOf(page));
  const mail = await mailAfter(email, 'CustomMessage_AdminCreateUser', () =>
    clientId(request).then((id) =>
      manager.post('/users', { firstName: 'Uma', lastName: `Unscoped${tag}`, email, organizationId: ST_MARYS, roleId: CHARGE_NURSE_TEMPLATE, accessState: true, clientId: id }),
    ),
  );

  const nurseContext = await browser.newContext({ viewport: { width: 810, height: 1080 }, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
  const nurse = await nurseContext.newPage();
  await acceptInvitation(nurse, mail.link);
  await expect(nurse.getByTestId('no-scope-notice')).toContainText(NOTICE);
  await expect(nurse.getByTestId('no-scope-notice')).toContainText('Users → Edit → Access');

  // The manager gives them ICU – 3 North alone, from Edit User's Access tab.
  const users = new UsersPage(page);
  await users.goto([ST_MARYS], email);
  await users.rowAction(name, 'Edit');
  const edit = users.editDialog();
  await edit.getByRole('tab', { name: 'Access' }).tap();
  await expect(edit.getByText('None: the user sees only their own figures.')).toBeVisible();
  const save = edit.getByRole('button', { name: 'Save access' });
  await expect(save).toBeDisabled();
  await tick(page, edit, 'Location Access', 'ICU – 3 North');
  await save.tap();
  await users.expectToast('Access successfully updated');
  await expect(save).toBeDisabled();

  // Their next start shows the unit's figures and no notice.
  await nurse.goto('/app/reports/overview');
  await expect(new ReportsPage(nurse).statValue('Opportunities')).not.toHaveText('—');
  await expect(nurse.getByTestId('no-scope-notice')).toHaveCount(0);
  await nurseContext.close();
});
