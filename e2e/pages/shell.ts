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

  /**
   * After the window narrows below the tablet breakpoint: the shell has re-rendered as a phone's or
   * upright tablet's, its navigation behind the menu button, so a measure of the page is of what
   * the user sees rather than of the wide layout about to be replaced.
   */
  async narrowed() {
    await expect(this.page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    await expect(this.nav()).toBeHidden();
  }

  readonly profilePopup = () => this.page.getByRole('dialog', { name: 'Profile' });

  /**
   * Hovers the avatar until its popup shows. The shell may still re-render the avatar just after
   * sign-in, and a pointer already resting on a new element fires no enter, so the hover is
   * repeated from outside it.
   */
  async openProfilePopup() {
    const avatar = this.page.getByRole('button', { name: /^Profile menu for/ });
    await expect(async () => {
      await this.page.mouse.move(0, 0);
      await avatar.hover();
      await expect(this.profilePopup()).toBeVisible({ timeout: 1_000 });
    }).toPass();
    return this.profilePopup();
  }

  /** Signs out as a user does, and waits for the sign-in form the app shows once the session is gone. */
  async signOut() {
    await (await this.openProfilePopup()).getByRole('button', { name: 'Sign Out' }).click();
    await expect(this.page).toHaveURL(/\/auth$/);
    await expect(this.page.getByLabel('Email or username')).toBeVisible();
  }
}
