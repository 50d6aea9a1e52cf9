import { expect, type Page } from '@playwright/test';

/** Access Management (/app/accounts/access-management): the users table, its filters, row and group actions. */
export class AccessManagementPage {
  constructor(private readonly page: Page) {}

  readonly table = () => this.page.getByRole('table', { name: 'Access' });
  readonly row = (text: string) => this.table().getByRole('row').filter({ hasText: text });
  readonly filters = () => this.page.getByRole('search', { name: 'Access filters' });
  readonly search = () => this.filters().getByRole('textbox').last();
  readonly statusFilter = () => this.filters().getByRole('combobox', { name: 'Status' });
  readonly groupActions = () => this.page.getByRole('button', { name: /^Group Actions/ });
  readonly confirmDialog = () => this.page.getByRole('dialog', { name: 'Revoke Access' });
  readonly operationsDialog = () => this.page.getByRole('dialog', { name: 'Access Operations' });

  /** Opens the page for the organizations and search given in the address. */
  async goto(organizationIds: number[], search = '') {
    const query = new URLSearchParams({ organizationIds: organizationIds.join(','), ...(search ? { search } : {}) });
    await this.page.goto(`/app/accounts/access-management?${query.toString()}`);
    await expect(this.table()).toBeVisible();
  }

  /** Searches and waits until the row holding `text` shows. */
  async find(text: string) {
    await this.search().fill(text);
    await expect(this.row(text)).toBeVisible();
  }

  async filterStatus(label: string) {
    await this.statusFilter().click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  async expectToast(message: string | RegExp) {
    await expect(this.page.getByText(message).first()).toBeVisible();
  }
}
