import { expect, type Page } from '@playwright/test';

/** Users (/app/accounts/users): the users table, Add New User, Edit User and Deactivate Account. */
export class UsersPage {
  constructor(private readonly page: Page) {}

  readonly table = () => this.page.getByRole('table', { name: 'Users' });
  readonly row = (text: string) => this.table().getByRole('row').filter({ hasText: text });
  readonly addButton = () => this.page.getByRole('button', { name: 'Add', exact: true });
  readonly addDialog = () => this.page.getByRole('dialog', { name: 'Add New User' });
  readonly editDialog = () => this.page.getByRole('dialog', { name: 'Edit User' });
  readonly deactivateDialog = () => this.page.getByRole('dialog', { name: 'Deactivate Account' });
  readonly search = () => this.page.getByRole('search', { name: 'User filters' }).getByRole('textbox').last();

  /** Opens the page for the organizations and search given in the address. */
  async goto(organizationIds: number[], search = '') {
    const query = new URLSearchParams({ organizationIds: organizationIds.join(','), ...(search ? { search } : {}) });
    await this.page.goto(`/app/accounts/users?${query.toString()}`);
    await expect(this.table()).toBeVisible();
  }

  /** Opens the row menu of the user named `name` and picks `action`. */
  async rowAction(name: string, action: string) {
    await this.page.getByRole('button', { name: `Actions for ${name}` }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  async expectToast(message: string) {
    await expect(this.page.getByText(message, { exact: true }).first()).toBeVisible();
  }
}
