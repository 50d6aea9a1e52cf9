import { expect, type Page } from '@playwright/test';

/** The Gateways page's Gateway Setup drawer: the setup queue's cards, the WiFi and time zone, Submit. */
export class GatewaySetupDrawer {
  constructor(private readonly page: Page) {}

  readonly root = () => this.page.getByRole('dialog', { name: 'Gateway Setup' });
  readonly actions = () => this.page.getByRole('button', { name: 'Actions' });
  readonly cards = () => this.root().getByTestId('setup-card');
  readonly card = (mac: string) => this.root().getByRole('article', { name: `Gateway ${mac}` });
  readonly nameField = (mac: string) => this.card(mac).getByRole('textbox', { name: `Name of gateway ${mac}` });
  readonly message = (mac: string) => this.card(mac).getByTestId('setup-card-message');
  readonly location = () => this.root().getByRole('button', { name: /^Place in location/ });
  readonly wifiName = () => this.root().getByRole('textbox', { name: 'WiFi network name' });
  readonly wifiPassword = () => this.root().getByRole('textbox', { name: 'WiFi password' });
  readonly timeZone = () => this.root().getByRole('textbox', { name: 'Time zone' }).or(this.root().getByRole('combobox', { name: 'Time zone' })).first();
  readonly submit = () => this.root().getByRole('button', { name: 'Submit' });
  readonly offlineNotice = () => this.root().getByTestId('setup-offline');

  /** Opens the drawer from the page's action menu. */
  async open() {
    await this.actions().click();
    await this.page.getByRole('menuitem', { name: 'Setup' }).click();
    await expect(this.root()).toBeVisible();
  }

  /** Names a gateway and waits for its card to be staged (the name is taken after a pause in typing). */
  async name(mac: string, name: string) {
    await this.nameField(mac).fill(name);
    await expect(this.message(mac)).toHaveText('Gateway staged for setup');
  }

  async chooseTimeZone(zone: string) {
    await this.timeZone().click();
    await this.page.getByRole('option', { name: zone, exact: true }).click();
  }

  async close() {
    await this.page.keyboard.press('Escape');
    await expect(this.root()).toBeHidden();
  }
}
