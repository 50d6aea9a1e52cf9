import { expect, test } from '@playwright/test';
import type { AccessLogResponse } from '../../../server/src/contracts/privacy';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { signedInAs } from '../../fixtures/session';
import { givePurpose, purposeGate } from '../../pages/purpose-gate';

// Privacy by design (docs/PRIVACY.md): the administrator says why before a nurse's overview opens,
// and the nurse, on her phone, reads who looked at her figures and why.

test('a purpose first, then the nurse sees who viewed her data and why', async ({ page, browser, baseURL }) => {
  // The nurse, on her phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAs(page, 'nurse', '/app/settings/my-account');
  const nurseApi = apiAs(page.request, await idTokenOf(page));
  const nurseId = (await nurseApi.get<{ user: { id: number } }>('/bootstrap?username=nurse%40demo.health&loginType=WEB_APP')).user.id;
  const before = (await nurseApi.get<AccessLogResponse>('/privacy/access-log?take=1')).totalCount;

  // The administrator, on an upright iPad, opens her overview.
  const theirs = await browser.newContext({ baseURL, viewport: { width: 810, height: 1080 }, hasTouch: true, isMobile: true });
  try {
    const admin = await theirs.newPage();
    await signedInAs(admin, 'admin', `/app/reports/user-overview?userId=${nurseId}`);
    const gate = purposeGate(admin);
    await expect(gate.getByRole('heading')).toHaveText(/^Why are you opening .+'s data\?$/);
    // Nothing of hers shows before the purpose: no figure cards.
    await expect(admin.getByText('Opportunities')).toHaveCount(0);
    const open = gate.getByRole('button', { name: 'Open their figures' });
    await expect(open).toBeDisabled();
    await givePurpose(admin, 'OTHER', 'Follow-up of the badge swap');
    await expect(admin.getByText('Opportunities').first()).toBeVisible();
    // A reload in the same sign-in does not ask again.
    await admin.reload();
    await expect(admin.getByText('Opportunities').first()).toBeVisible();
    await expect(purposeGate(admin)).toHaveCount(0);
  } finally {
    await theirs.close();
  }

  // The nurse reads it in My Account: who, which page and why.
  await expect.poll(async () => (await nurseApi.get<AccessLogResponse>('/privacy/access-log?take=1')).totalCount).toBeGreaterThan(before);
  await page.reload();
  const log = page.getByTestId('access-log');
  await expect(log.getByRole('heading', { name: 'Who viewed my data' })).toBeVisible();
  const first = log.getByRole('table', { name: 'Who viewed my data' }).getByRole('row').nth(1);
  await expect(first).toContainText('User Overview');
  await expect(first).toContainText('Other: Follow-up of the badge swap');
  // Nothing scrolls sideways on her phone.
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
});
