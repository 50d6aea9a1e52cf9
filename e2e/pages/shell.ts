import { expect, type Page } from '@playwright/test';

/** The signed-in shell: side navigation, page header and profile popup. */
export class Shell {
  constructor(private readonly page: Page) {}

  readonly nav = () => this.page.getByRole('navigation', { name: 'Main navigation' });
  readonly sectionHeader = (name: string) => this.nav().getByRole('heading', { level: 2, name, exact: true });
  readonly navLink = (name: string) => this.nav().getByRole('link', { name, exact: true });
  readonly pageTitle = () => this.page.getByRole('heading', { level: 1 });

  /** Names of the navigation section headers, in order. */
  async sections(): Promise<string[]> {
    await expect(this.nav()).toBeVisible();
    return (await this.nav().getByRole('heading', { level: 2 }).allTextContents()).map((t) => t.trim());
  }

  async signOut() {
    await this.page.getByRole('button', { name: /^Profile menu for/ }).hover();
    await this.page.getByRole('button', { name: 'Sign Out' }).click();
  }
}
