import { expect, type Page } from '@playwright/test';
import { accounts, type AccountKey } from '../fixtures/accounts';

/** The /auth screen. */
export class SignInPage {
  constructor(private readonly page: Page) {}

  readonly login = () => this.page.getByLabel('Email or username');
  readonly password = () => this.page.getByLabel('Password', { exact: true });
  readonly submit = () => this.page.getByRole('button', { name: /^Sign(ing)? in/ });
  readonly alert = () => this.page.getByRole('alert');

  async goto() {
    await this.page.goto('/auth');
    await expect(this.login()).toBeVisible();
  }

  async fill(login: string, password: string) {
    await this.login().fill(login);
    await this.password().fill(password);
  }

  /**
   * Signs in through the form and waits until the signed-in shell shows: its navigation beside
   * the page, or on narrow screens (tablets upright, phones) the button that opens it.
   */
  async signInAs(key: AccountKey) {
    await this.goto();
    await this.fill(accounts[key].email, accounts[key].password);
    await this.submit().click();
    const navigation = this.page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.or(this.page.getByRole('button', { name: 'Open navigation' }))).toBeVisible();
  }
}
