import { expect, type Locator, type Page } from '@playwright/test';

/** The Organizations or Locations page: a tree with per-node actions and a form dialog. */
export class AccountTreePage {
  constructor(
    private readonly page: Page,
    private readonly path: '/app/accounts/organizations' | '/app/accounts/locations',
    private readonly treeName: 'Organizations' | 'Locations',
  ) {}

  readonly tree = () => this.page.getByRole('tree', { name: this.treeName });
  readonly node = (name: string) => this.tree().getByRole('treeitem', { name, exact: true });
  readonly form = () => this.page.getByRole('dialog');

  async goto() {
    await this.page.goto(this.path);
    await expect(this.tree()).toBeVisible();
  }

  /** Opens each node of the path (a node already open stays open). */
  async expand(...names: string[]) {
    for (const name of names) {
      const toggle = this.tree().getByRole('button', { name: `Expand ${name}`, exact: true });
      if (await toggle.isVisible()) await toggle.click();
      await expect(this.tree().getByRole('button', { name: `Collapse ${name}`, exact: true })).toBeVisible();
    }
  }

  /** A node's action button or link ('Edit X', 'Add child to X', 'Rooms of X'). */
  action(label: string): Locator {
    return this.tree().getByRole('button', { name: label, exact: true }).or(this.tree().getByRole('link', { name: label, exact: true }));
  }

  /** Chooses an option of a select of the open form. */
  async choose(label: string, option: string) {
    await this.form().getByRole('combobox', { name: label }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }
}

/** The Professions page. */
export class ProfessionsPage {
  constructor(private readonly page: Page) {}

  readonly table = () => this.page.getByRole('table', { name: 'Professions' });
  readonly search = () => this.page.getByRole('search', { name: 'Profession filters' }).getByRole('textbox');

  async goto() {
    await this.page.goto('/app/accounts/professions');
    await expect(this.table()).toBeVisible();
  }

  async add(name: string) {
    await this.page.getByRole('button', { name: 'Add', exact: true }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Add Profession' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  }
}
