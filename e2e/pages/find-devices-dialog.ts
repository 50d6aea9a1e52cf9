import { expect, type Locator, type Page } from '@playwright/test';

/** The Gateways page's Find devices dialog: gateways, device types and duration; Find, Stop, Add. */
export class FindDevicesDialog {
  constructor(private readonly page: Page) {}

  readonly root = () => this.page.getByRole('dialog', { name: 'Find devices' });
  readonly actions = () => this.page.getByRole('button', { name: 'Actions' });
  readonly menuItem = () => this.page.getByRole('menuitem', { name: /^Find devices/ });
  readonly gateways = () => this.root().getByRole('textbox', { name: 'Gateways' }).or(this.root().getByRole('combobox', { name: 'Gateways' })).first();
  readonly duration = () => this.root().getByRole('radiogroup', { name: 'Duration' });
  readonly type = (label: string) => this.root().getByRole('checkbox', { name: label, exact: true });
  readonly find = () => this.root().getByRole('button', { name: 'Find', exact: true });
  readonly stop = () => this.root().getByRole('button', { name: 'Stop', exact: true });
  readonly add = () => this.root().getByRole('button', { name: /^Add/ });
  readonly progress = () => this.root().getByRole('progressbar', { name: 'Scan progress' });
  readonly offlineNotice = () => this.root().getByTestId('find-offline');
  /** A chosen gateway's line in the scan's status list. */
  readonly gatewayStatus = (name: string): Locator => this.root().getByTestId('gateway-scan').filter({ hasText: name });
  readonly rows = () => this.root().getByTestId('found-device');
  readonly row = (mac: string) => this.root().locator(`[data-testid="found-device"][data-mac="${mac}"]`);

  /** Opens the dialog from the page's action menu. */
  async open() {
    await this.actions().click();
    await this.menuItem().click();
    await expect(this.root()).toBeVisible();
  }

  async chooseDuration(label: string) {
    await this.duration().getByText(label, { exact: true }).tap();
  }

  /** The MACs of the rows marked New. */
  async newMacs(): Promise<string[]> {
    const rows = this.rows().filter({ has: this.page.getByText('New', { exact: true }) });
    return rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-mac') ?? ''));
  }

  async close() {
    await this.page.keyboard.press('Escape');
    await expect(this.root()).toBeHidden();
  }
}
