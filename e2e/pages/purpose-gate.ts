import { expect, type Page } from '@playwright/test';
import { ACCESS_PURPOSE_LABELS, type AccessPurpose } from '../../server/src/contracts/privacy';

// The card a report shows before another person's figures (docs/PRIVACY.md 'A purpose first').

export const purposeGate = (page: Page) => page.getByTestId('purpose-gate');

/** Says why, as the user does on the card, and waits for the card to give way to the figures. */
export async function givePurpose(page: Page, purpose: AccessPurpose = 'DATA_QUALITY', note?: string): Promise<void> {
  const gate = purposeGate(page);
  await expect(gate).toBeVisible();
  await gate.getByRole('radio', { name: ACCESS_PURPOSE_LABELS[purpose] }).check();
  if (note !== undefined) await gate.getByRole('textbox', { name: 'Note' }).fill(note);
  await gate.getByRole('button', { name: 'Open their figures' }).click();
  await expect(gate).toBeHidden();
}

/** States the purpose through the API, for a test whose subject is not the card: the page then asks nothing. */
export const statePurposeFor = (api: { post: <T>(path: string, data: unknown) => Promise<T> }, personUserId: number, purpose: AccessPurpose = 'DATA_QUALITY') =>
  api.post('/privacy/purposes', { personUserId, purpose });
