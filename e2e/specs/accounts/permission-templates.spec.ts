import { expect, type Page, test } from '@playwright/test';
import type { Role } from '@contracts/entities';
import type { UserList } from '@contracts/user-list';
import { accounts } from '../../fixtures/accounts';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { PermissionTemplates } from '../../pages/permission-templates';
import { SignInPage } from '../../pages/sign-in-page';

// The permission templates on the Users page (docs/SCREENS.md 'Permission templates'): the menu of the
// provider admin, its default-template warning and Confirm Template, assignment of selected users,
// and the Permissions tab of Edit User.

const WARNING = 'Warning - this is a default template. Updating this template will affect all users assigned to it across all organizations.';
const ST_MARYS = 3;
const INDIVIDUAL_USER = 4;

async function signInAs(page: Page, who: 'admin' | 'manager') {
  const signIn = new SignInPage(page);
  await signIn.goto();
  await signIn.fill(accounts[who].email, accounts[who].password);
  await signIn.submit().click();
  await expect(page).toHaveURL(/\/app\//);
}

test('the manager, who holds no ROLE with template 1, has no Permissions Template button', async ({ page }) => {
  await signInAs(page, 'manager');
  const templates = new PermissionTemplates(page);
  await templates.gotoUsers();
  await expect(page.getByRole('button', { name: 'Add' })).toBeVisible();
  await expect(templates.button()).toHaveCount(0);
});

test('the admin creates a template, is warned before saving a default one, and assigns the new one to selected users', async ({ page, request }) => {
  // Three flows of the menu and four visits of the Users page in one test.
  test.slow();
  await signInAs(page, 'admin');
  const api = apiAs(request, await idTokenOf(page));
  const name = `Ward Lead ${Date.now()}`;
  // Two St. Mary's staff who take no part in other browser tests (from the end of the list).
  const staff = (await api.get<UserList>(`/users?organizationIds=${ST_MARYS}&active=true&take=500`)).data.filter((u) => u.userName.endsWith('@stmarys.example'));
  const chosen = staff.slice(-2);
  expect(chosen).toHaveLength(2);

  const templates = new PermissionTemplates(page);
  try {
    await templates.gotoUsers();
    await templates.openMenu();
    const menu = templates.menu();
    await expect(templates.tab('Create Custom Template')).toBeVisible();
    await expect(templates.tab('Edit Custom Templates')).toBeVisible();
    await expect(templates.tab('Assign Permissions Template')).toBeVisible();

    // Create: a name and an owner organization, 12 permissions a page.
    await templates.tab('Create Custom Template').click();
    await expect(menu.getByRole('table', { name: 'Permissions' }).locator('tbody tr')).toHaveCount(12);
    await templates.choose(menu, 'Owner organization', "St. Mary's Hospital");
    await menu.getByRole('textbox', { name: 'Template name' }).fill(name);
    await templates.tick(menu, ['Compliance Report', 'User Overview']);
    await menu.getByRole('button', { name: 'Create Template' }).click();
    await expect(templates.toast('Role template successfully created')).toBeVisible();

    // Edit a default: the warning word for word, then Confirm Template; Cancel changes nothing.
    await templates.tab('Edit Custom Templates').click();
    await templates.choose(menu, 'Organization', "St. Mary's Hospital");
    await templates.choose(menu, 'Template', 'Individual User');
    await expect(menu.getByRole('note')).toHaveText(WARNING);
    await menu.getByRole('button', { name: 'Save Template' }).click();
    await expect(templates.confirmDialog()).toContainText(WARNING);
    await templates.confirmDialog().getByRole('button', { name: 'Cancel' }).click();
    await expect(templates.confirmDialog()).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);

    // Assign: the selected users get the new template; the menu closes 2 s after success.
    // Chosen one search at a time: the choice is kept while the search changes.
    await templates.gotoUsers(chosen[0]!.userName);
    for (const user of chosen) {
      await templates.search(user.userName);
      await templates.userRow(user.userName).getByRole('checkbox').check();
    }
    await templates.openMenu();
    await templates.tab('Assign Permissions Template').click();
    await templates.choose(menu, 'Permissions Template', name);
    await menu.getByRole('button', { name: 'Assign' }).click();
    await expect(menu.getByRole('status')).toHaveText(`${chosen.length} user(s) assigned successfully!`);
    await expect(menu).toHaveCount(0, { timeout: 5_000 });
    for (const user of chosen) {
      await templates.gotoUsers(user.userName);
      await expect(templates.userRow(user.userName)).toContainText(name);
    }
  } finally {
    for (const user of chosen) await api.patch(`/users/${user.id}`, { roleId: INDIVIDUAL_USER });
  }
});

test('the Permissions tab of Edit User changes one user’s template, then the dialog closes', async ({ page, request }) => {
  await signInAs(page, 'admin');
  const api = apiAs(request, await idTokenOf(page));
  const staff = (await api.get<UserList>(`/users?organizationIds=${ST_MARYS}&active=true&take=500`)).data.filter((u) => u.userName.endsWith('@stmarys.example'));
  const user = staff.at(-3)!;
  const chargeNurse = (await api.get<{ data: Role[] }>(`/roles?orgId=${ST_MARYS}`)).data.find((r) => r.name === 'Charge Nurse')!;
  const templates = new PermissionTemplates(page);
  try {
    await templates.gotoUsers(user.userName);
    await templates.userRow(user.userName).getByRole('button', { name: /Actions|Edit/ }).first().click();
    await page.getByRole('menuitem', { name: 'Edit' }).or(page.getByRole('button', { name: 'Edit', exact: true })).first().click();
    const dialog = templates.editUserDialog();
    await dialog.getByRole('tab', { name: 'Permissions' }).click();
    await expect(dialog.getByRole('combobox', { name: 'Permissions Template' }).or(dialog.getByRole('textbox', { name: 'Permissions Template' })).first()).toHaveValue('Individual User');
    await templates.choose(dialog, 'Permissions Template', chargeNurse.name);
    await expect(dialog.getByRole('checkbox', { name: 'Compliance Report' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Save Template' }).click();
    await expect(templates.toast('Role successfully assigned')).toBeVisible();
    await expect(dialog).toHaveCount(0, { timeout: 5_000 });
    await templates.gotoUsers(user.userName);
    await expect(templates.userRow(user.userName)).toContainText(chargeNurse.name);
  } finally {
    await api.patch(`/users/${user.id}`, { roleId: INDIVIDUAL_USER });
  }
});

test('an organization renamed on the Organizations page is offered by its new name as a template owner, without a reload', async ({ page }) => {
  await signInAs(page, 'admin');
  const api = apiAs(page.request, await idTokenOf(page));
  const suffix = Date.now().toString(36).slice(-5);
  const created = await api.post<{ id: number }>('/organizations', { parentId: 4, name: `Riverside Clinic ${suffix}`, type: 'DEPARTMENT', accountType: 'BASIC', settings: { defaultLocationId: null } });
  await page.goto('/app/accounts/organizations');
  const tree = page.getByRole('tree', { name: 'Organizations' });
  for (const name of ['Lavo', 'Northwind Health Network', 'Riverside General Hospital']) {
    await tree.getByRole('button', { name: `Expand ${name}`, exact: true }).click();
    await expect(tree.getByRole('button', { name: `Collapse ${name}`, exact: true })).toBeVisible();
  }
  await tree.getByRole('button', { name: `Edit Riverside Clinic ${suffix}`, exact: true }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Name').fill(`Riverside Day Clinic ${suffix}`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await expect(tree.getByRole('treeitem', { name: `Riverside Day Clinic ${suffix}`, exact: true })).toBeVisible();

  // Within the app, as a user goes on: the Users page's template menu.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users', exact: true }).click();
  const templates = new PermissionTemplates(page);
  await templates.openMenu();
  await templates.tab('Create Custom Template').click();
  const owner = templates.menu().getByRole('textbox', { name: 'Owner organization' }).or(templates.menu().getByRole('combobox', { name: 'Owner organization' }));
  await owner.first().click();
  await expect(page.getByRole('option', { name: `Riverside Day Clinic ${suffix}`, exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: `Riverside Clinic ${suffix}`, exact: true })).toHaveCount(0);
  expect(created.id).toBeGreaterThan(0);
});
