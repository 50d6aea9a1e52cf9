import { expect, type Page } from '@playwright/test';

/** The "choose a password" form of Setup Your Account and Create New Password. */
export class PasswordForm {
  constructor(private readonly page: Page) {}

  readonly password = () => this.page.getByLabel('New password', { exact: true });
  readonly confirmation = () => this.page.getByLabel('Confirm new password');
  readonly checklist = () => this.page.getByTestId('password-checklist');
  readonly unmetRules = () => this.checklist().locator('[data-met="false"]');
  readonly submit = (name: string) => this.page.getByRole('button', { name });

  async choose(password: string, submitName: string) {
    await this.password().fill(password);
    await this.confirmation().fill(password);
    await expect(this.unmetRules()).toHaveCount(0);
    await this.submit(submitName).click();
  }

  async expectUpdated() {
    await expect(this.page.getByText('Successfully updated!')).toBeVisible();
  }
}
