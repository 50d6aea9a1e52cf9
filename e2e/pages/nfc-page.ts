import { expect, type Page } from '@playwright/test';

/** NFC Tag Assignment (/app/accounts/nfc): the tags table, its Import and Assign dialogs. */
export class NfcPage {
  constructor(private readonly page: Page) {}

  readonly table = () => this.page.getByRole('table', { name: 'NFC tags' });
  /** The row whose text holds `nfcId` (or the start of it). */
  readonly row = (nfcId: string) => this.table().getByRole('row').filter({ hasText: nfcId });
  readonly importButton = () => this.page.getByRole('button', { name: 'Import' });
  readonly importDialog = () => this.page.getByRole('dialog');
  readonly assignButton = (count: number) => this.page.getByRole('button', { name: `Assign (${count})` });
  readonly assignDialog = (count: number) => this.page.getByRole('dialog', { name: `Assign ${count} NFC tag${count === 1 ? '' : 's'}` });
  readonly resultsDialog = () => this.page.getByRole('dialog', { name: 'Assignment results' });
  readonly doneButton = () => this.page.getByRole('button', { name: 'Done' });

  /** Opens the page (with a search, if given) and waits for the tags table. */
  async goto(search = '') {
    await this.page.goto(`/app/accounts/nfc${search ? `?search=${search}` : ''}`);
    await expect(this.table()).toBeVisible();
  }

  /** Opens the Import dialog and chooses `csv` as its file. */
  async chooseCsv(csv: string) {
    await this.importButton().click();
    await this.page.locator('input[type=file]').setInputFiles({ name: 'tags.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  }

  /** Imports the rows the Import dialog shows as ready. */
  async confirmImport() {
    await this.importDialog().getByRole('button', { name: 'Import', exact: true }).click();
  }

  /** Selects the tag's row and opens the Assign dialog for it. */
  async openAssign(nfcId: string) {
    await this.row(nfcId).getByRole('checkbox').check();
    await this.assignButton(1).click();
    return this.assignDialog(1);
  }

  /** In the open Assign dialog for `count` tags: finds the user by name, ticks them and assigns. */
  async assignTo(count: number, userName: string) {
    const dialog = this.assignDialog(count);
    await dialog.getByLabel('Search users').fill(userName);
    await dialog.getByRole('checkbox', { name: new RegExp(userName) }).check();
    await dialog.getByRole('button', { name: 'Assign' }).click();
  }
}
