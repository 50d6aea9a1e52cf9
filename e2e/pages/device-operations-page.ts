import { expect, type Page } from '@playwright/test';

/**
 * An operations page (Beacon and Dispenser Operations, Wristbands): its rows and search, the
 * selection, the settings editor, the Queue and the status filter.
 */
export class DeviceOperationsPage {
  constructor(private readonly page: Page) {}

  readonly rowOf = (text: string) => this.page.getByRole('row').filter({ hasText: text });
  /** A row's Last Status. */
  readonly statusOf = (text: string) => this.rowOf(text).getByTestId('operation-status');
  readonly selectedCount = () => this.page.getByTestId('selected-count');
  readonly settingsDrawer = () => this.page.getByRole('dialog', { name: 'Device settings' });
  readonly queueDialog = () => this.page.getByRole('dialog', { name: 'Queue' });
  readonly queueEntries = () => this.queueDialog().getByTestId('queue-entry');
  readonly submitButton = () => this.queueDialog().getByRole('button', { name: /Submit/ });
  readonly statusFilter = () => this.page.getByRole('textbox', { name: 'Status' }).or(this.page.getByRole('combobox', { name: 'Status' })).first();

  /** Types in the search field and waits for the one row it finds. */
  async searchFor(text: string) {
    const field = this.page.getByRole('textbox', { name: 'Search' });
    await field.fill(text);
    await field.press('Enter');
    await expect(this.page.getByRole('row').filter({ has: this.page.getByRole('checkbox', { name: 'Select row' }) })).toHaveCount(1);
    await expect(this.rowOf(text)).toBeVisible();
  }

  /** Ticks a row's checkbox. */
  async selectRow(text: string) {
    await this.rowOf(text).getByRole('checkbox', { name: 'Select row' }).tap();
  }

  /** Opens the settings editor with the toolbar's 'Edit {plural}' switch, applies a preset and schedules its changes. */
  async applyPreset(plural: string, preset: string) {
    await this.page.getByRole('switch', { name: new RegExp(`Edit ${plural}`) }).tap();
    await this.settingsDrawer().getByRole('button', { name: `Apply ${preset}` }).tap();
    await this.settingsDrawer().getByRole('button', { name: 'Schedule changes' }).tap();
    await expect(this.settingsDrawer()).toHaveCount(0);
  }

  async updateFirmware() {
    await this.page.getByRole('switch', { name: 'Update firmware' }).tap();
  }

  async openQueue() {
    await this.page.getByRole('button', { name: 'Queue', exact: true }).tap();
  }

  /** Writes the open Queue's description and submits it for `devices` devices. */
  async submitQueue(description: string, devices: number) {
    await this.queueDialog().getByLabel('Description').fill(description);
    await this.queueDialog().getByRole('button', { name: `Submit ${devices} device${devices === 1 ? '' : 's'}` }).tap();
  }

  /** The notice that follows the devices of the last queue to their end. */
  readonly queuedNotice = () => this.page.getByTestId('queued-notice');

  /** After a submit the page shows the Active devices, those just queued kept among them (docs/SCREENS.md 'Beacon Operations and Dispenser Operations'), and the notice follows the `count` queued `noun`. */
  async expectQueueFollowed(count: number, noun: string) {
    await expect(this.statusFilter()).toHaveValue('Active');
    await expect(this.queuedNotice()).toContainText(new RegExp(`Operations for ${count} ${noun}|All ${count} operations have finished`));
  }
}
