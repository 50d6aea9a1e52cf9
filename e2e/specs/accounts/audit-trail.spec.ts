import { expect, type Page, test } from '@playwright/test';
import type { BootstrapResponse } from '../../../server/src/contracts/bootstrap';
import { accounts } from '../../fixtures/accounts';
import { apiAs } from '../../fixtures/api';
import { idTokenFor, signedInAs } from '../../fixtures/session';
import { Shell } from '../../pages/shell';

// The Audit Trail (docs/PRIVACY.md 'The audit trail', docs/SCREENS.md 'Audit Trail'): who read or
// wrote what, about whom and why, filtered in the address; only for those who hold AUDIT_TRAIL.

const PATH = '/app/accounts/audit-trail';
const trail = (page: Page) => page.getByRole('table', { name: 'Audit trail' });
/** The rows of events, without the details rows under them. */
const eventRows = (page: Page) => trail(page).locator('tbody tr:not([data-row-details])');

/**
 * As the admin, through the API in a sign-in of its own: says why they open a St. Mary's staff
 * member's figures (a write), then reads that person's days (a read with the purpose). Answers the
 * person's name as the app lists it and their id.
 */
async function readAStaffMembersDays(page: Page): Promise<{ id: number; name: string }> {
  const api = apiAs(page.request, await idTokenFor(page, 'admin'));
  const { users } = await api.get<BootstrapResponse>(`/bootstrap?username=${encodeURIComponent(accounts.admin.email)}&loginType=WEB_APP`);
  const staff = users.filter((u) => u.active && !u.demo && u.userName.endsWith('@stmarys.example')).sort((a, b) => b.userName.localeCompare(a.userName));
  const person = staff[0];
  if (!person) throw new Error('no named staff member at St. Mary’s');
  await api.post('/privacy/purposes', { personUserId: person.id, purpose: 'AUDIT' });
  await api.get(`/workflow/activity/available-days?userId=${person.id}`);
  return { id: person.id, name: `${person.firstName} ${person.lastName}`.trim() };
}

async function noSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('the admin reads who opened a person’s data and why, and narrows the trail to writes, the filters kept in the address (iPad)', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 1366 });
  const person = await readAStaffMembersDays(page);
  await signedInAs(page, 'admin', PATH);
  await expect(new Shell(page).pageTitle()).toHaveText('Audit Trail');
  await expect(page.getByText(/Times are in .+; the days filter by UTC days\./)).toBeVisible();
  await expect(eventRows(page).first()).toBeVisible();

  // Whose data: the read of their days, with the page it served and the purpose given.
  await page.getByRole('combobox', { name: 'Person' }).fill(person.name);
  await page.getByRole('option', { name: person.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]personUserId=${person.id}(&|$)`));
  const read = eventRows(page).filter({ hasText: '/workflow/activity/available-days' }).first();
  await expect(read).toContainText('Activity Breakdown');
  await expect(read.getByRole('cell', { name: 'Read', exact: true })).toBeVisible();
  // On an iPad the person, status and purpose are in the row's details.
  await read.getByRole('button', { name: /^Show details of Read by / }).click();
  const details = trail(page).locator('[data-row-details]');
  await expect(details.getByRole('term')).toHaveText(['Person', 'Status', 'Purpose']);
  await expect(details.getByRole('definition')).toHaveText([person.name, '200', 'Audit']);
  await noSidewaysScroll(page);

  await page.getByRole('button', { name: 'Reset filters' }).click();
  await expect(page).toHaveURL(PATH);

  // Writes only: the purpose just stated is one; no read is left.
  const writes = page.waitForResponse((r) => r.url().includes('/api/audit-events?') && r.url().includes('action=write'));
  await page.getByRole('radiogroup', { name: 'Action' }).getByText('Write', { exact: true }).click();
  await writes;
  await expect(page).toHaveURL(/[?&]action=write(&|$)/);
  await expect(eventRows(page).filter({ hasText: 'POST /api/privacy/purposes' }).first()).toBeVisible();
  await expect(trail(page).getByRole('cell', { name: 'Read', exact: true })).toHaveCount(0);

  // The address keeps the filter: opened again, the page shows writes only.
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Write' })).toBeChecked();
  await expect(eventRows(page).filter({ hasText: 'POST /api/privacy/purposes' }).first()).toBeVisible();
  await expect(trail(page).getByRole('cell', { name: 'Read', exact: true })).toHaveCount(0);
});

test('the hospital administrator finds the Audit Trail in the navigation; a nurse has no entry and cannot open it', async ({ page, browser, baseURL }) => {
  await signedInAs(page, 'manager');
  const shell = new Shell(page);
  await shell.navLink('Audit Trail').click();
  await expect(page).toHaveURL(PATH);
  await expect(shell.pageTitle()).toHaveText('Audit Trail');
  await expect(trail(page)).toBeVisible();

  const theirs = await browser.newContext({ baseURL });
  try {
    const nurse = await theirs.newPage();
    await signedInAs(nurse, 'nurse', PATH);
    await expect(nurse).toHaveURL(/\/app\/reports\/user-overview(\?.*)?$/);
    const nav = new Shell(nurse);
    await expect(nav.nav()).toBeVisible();
    await expect(nav.navLink('Audit Trail')).toHaveCount(0);
    await expect(nav.pageTitle()).not.toHaveText('Audit Trail');
    await expect(trail(nurse)).toHaveCount(0);
  } finally {
    await theirs.close();
  }
});

test('on a phone 390 px wide the trail and a row’s details fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await readAStaffMembersDays(page);
  await signedInAs(page, 'admin', `${PATH}?action=read`);
  await new Shell(page).narrowed();
  const first = eventRows(page).first();
  await expect(first.getByRole('cell', { name: 'Read', exact: true })).toBeVisible();
  await noSidewaysScroll(page);
  await first.getByRole('button', { name: /^Show details of Read by / }).click();
  await expect(trail(page).locator('[data-row-details]').getByRole('term')).toHaveText(['Person', 'Status', 'Purpose']);
  await noSidewaysScroll(page);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
});
