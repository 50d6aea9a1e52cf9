import type { Locator, Page } from '@playwright/test';

/** The header's connectivity indicator and the outbox panel it opens ('Changes on this device'). */
export class OutboxPanel {
  constructor(private readonly page: Page) {}

  readonly indicator = () => this.page.getByTestId('connectivity');
  readonly panel = () => this.page.getByRole('dialog', { name: 'Changes on this device' });
  /** A queued change in the panel, by its accessible name. */
  readonly item = (name: RegExp) => this.panel().getByRole('article', { name });
  readonly retryButton = (item: Locator) => item.getByRole('button', { name: 'Retry' });

  async open() {
    await this.indicator().click();
  }

  /** Discards the change and confirms it. */
  async discard(item: Locator) {
    await item.getByRole('button', { name: 'Discard' }).click();
    await this.page.getByRole('dialog', { name: 'Discard this change?' }).getByRole('button', { name: 'Discard' }).click();
  }
}
