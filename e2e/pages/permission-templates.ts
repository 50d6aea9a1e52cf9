import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The permission templates as the Users page (/app/accounts/users) hosts them: its 'Permissions
 * Template' button and menu, and the Permissions tab of its Edit User dialog.
 */
export class PermissionTemplates {
  constructor(private readonly page: Page) {}

  readonly button = () => this.page.getByRole('button', { name: 'Permissions Template', exact: true });
  readonly menu = () => this.page.getByRole('dialog', { name: 'Permissions Template Menu' });
  readonly tab = (name: 'Create Custom Template' | 'Edit Custom Templates' | 'Assign Permissions Template') => this.menu().getByRole('tab', { name });
  readonly confirmDialog = () => this.page.getByRole('dialog', { name: 'Confirm Template' });
  readonly usersTable = () => this.page.getByRole('table', { name: 'Users' });
  /** The Users table's row of a user, by a text of it (their user name). */
  readonly userRow = (text: string) => this.usersTable().getByRole('row').filter({ hasText: text });
  readonly editUserDialog = () => this.page.getByRole('dialog', { name: /Edit User/ });
  readonly toast = (text: string) => this.page.getByText(text, { exact: true }).first();

  /** Opens the Users page on St. Mary's (organization 3) with a search, waiting for its table. */
  async gotoUsers(search = '') {
    const query = new URLSearchParams({ organizationIds: '3', ...(search ? { search } : {}) });
    await this.page.goto(`/app/accounts/users?${query.toString()}`);
    await expect(this.usersTable()).toBeVisible();
    if (search) await expect(this.userRow(search)).toBeVisible();
  }

  /** Searches the Users table in place (the page, and what it holds, stay). */
  async search(text: string) {
    await this.page.getByRole('search', { name: 'User filters' }).getByRole('textbox').last().fill(text);
    await expect(this.userRow(text)).toBeVisible();
  }

  async openMenu() {
    await this.button().click();
    await expect(this.menu()).toBeVisible();
  }

  /** Chooses `option` in the select labelled `label` inside `scope`. */
  async choose(scope: Locator, label: string, option: string) {
    await scope.getByRole('textbox', { name: label }).or(scope.getByRole('combobox', { name: label })).first().click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** Ticks permissions by label in the menu's permission table, paging through it. */
  async tick(scope: Locator, labels: readonly string[]) {
    const table = scope.getByRole('table', { name: 'Permissions' });
    for (const label of labels) {
      const box = table.getByRole('checkbox', { name: label, exact: true });
      while (!(await box.isVisible())) await scope.getByRole('button', { name: 'Next page' }).click();
      await box.check();
    }
  }
}
