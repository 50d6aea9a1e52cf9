import { expect, type Locator, type Page } from '@playwright/test';

export const IOT_PATH = '/app/maintenance/iot-devices';

/** The IoT Devices page (/app/maintenance/iot-devices): filters, the device table, the job form, the jobs drawer and the device dialogs. */
export class IotDevicesPage {
  constructor(private readonly page: Page) {}

  async goto(query = '') {
    await this.page.goto(`${IOT_PATH}${query}`);
    await expect(this.page.getByRole('heading', { name: 'IoT Devices' })).toBeVisible();
  }

  readonly table = () => this.page.getByRole('table', { name: 'IoT devices' });
  readonly row = (text: string) => this.table().getByRole('row').filter({ hasText: text });
  readonly bodyRows = () => this.table().locator('tbody tr');
  readonly search = () => this.page.getByRole('textbox', { name: 'Search' });
  readonly lastOnline = () => this.page.getByRole('textbox', { name: 'Last Online' }).or(this.page.getByRole('combobox', { name: 'Last Online' })).first();
  readonly runJobButton = () => this.page.getByRole('button', { name: /^Run Job (Selected|All)/ });
  readonly jobsButton = () => this.page.getByRole('button', { name: 'Jobs', exact: true });
  readonly drawer = () => this.page.getByRole('dialog', { name: 'IoT Device Jobs' });
  readonly dialog = (name: string | RegExp) => this.page.getByRole('dialog', { name });

  async chooseLastOnline(label: string) {
    await this.lastOnline().click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  async searchFor(text: string) {
    await this.search().fill(text);
    await this.search().press('Enter');
  }

  /** Opens a row's action menu and picks an action. */
  async rowAction(name: string, action: 'View History' | 'View Metrics' | 'Edit Device') {
    await this.page.getByRole('button', { name: `Actions for ${name}` }).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  async selectRow(text: string) {
    await this.row(text).getByRole('checkbox', { name: 'Select row' }).check();
  }

  /** The drawer's job entry by name, in the open tab. */
  job(name: string): Locator {
    return this.drawer().getByTestId('job-item').filter({ hasText: name });
  }
}
