import { expect, type Page, test } from '@playwright/test';
import type { PrivacyDescription } from '../../../server/src/contracts/privacy';
import { signedInAs } from '../../fixtures/session';
import { Shell } from '../../pages/shell';

// The Privacy Description (docs/PRIVACY.md 'The description for the works council', docs/SCREENS.md
// 'Privacy Description'): the hospital administrator reads what their organization collects,
// keeps and shows to whom, and prints it.

const PATH = '/app/accounts/privacy-description';

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test.use({ viewport: { width: 810, height: 1080 }, hasTouch: true });

test('the hospital administrator reads their organization’s privacy description as the server states it and prints it alone (iPad)', async ({ page }) => {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/privacy/description' && r.ok());
  await signedInAs(page, 'manager', PATH);
  const description = (await (await answer).json()) as PrivacyDescription;
  await expect(new Shell(page).pageTitle()).toHaveText('Privacy Description');

  const doc = page.getByRole('article', { name: `Privacy description: ${description.organization.name}` });
  await expect(doc.getByRole('heading', { level: 3 })).toHaveText([
    '1. The organization and its privacy settings',
    '2. Devices and what they collect',
    '3. What is stored and for how long',
    '4. Who can see what',
    '5. Purposes',
    '6. Who viewed my data and the audit trail',
  ]);
  await expect(doc).toContainText(`kept for ${description.settings.retentionDays} days`);
  await expect(doc).toContainText(/\((\w+ )+Time\)/);
  for (const kind of description.devices) await expect(doc.getByRole('heading', { level: 4, name: `${kind.label}: ${kind.count}` })).toBeVisible();
  const presence = doc.getByRole('table', { name: 'Stored data' }).getByRole('row').filter({ hasText: 'Room presence' });
  await expect(presence).toContainText(`${description.settings.retentionDays} days`);
  for (const template of description.templates) await expect(doc).toContainText(`${template.name}: ${template.users}`);
  await noSidewaysScroll(page);

  // Print hands the page to the browser's print.
  const print = page.getByRole('button', { name: 'Print' });
  expect((await print.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await page.evaluate(() => {
    const marked = window as unknown as { printed: number };
    marked.printed = 0;
    window.print = () => {
      marked.printed += 1;
    };
  });
  await print.tap();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

  // As the browser prints it: the document alone, without the shell or the controls.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await expect(print).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Organization' })).toBeHidden();
  await expect(doc.getByRole('heading', { level: 3 }).first()).toBeVisible();
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  // On A4 (210 × 297 mm: 595 × 842 points), as the document's print style names its paper.
  expect(pdf.toString('latin1')).toMatch(/MediaBox \[0 0 59[45](\.\d+)? 84[12](\.\d+)?\]/);

  // On a phone the document wraps to the width.
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 390, height: 844 });
  await new Shell(page).narrowed();
  await expect(doc).toBeVisible();
  await noSidewaysScroll(page);
});
