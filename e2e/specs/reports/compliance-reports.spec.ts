import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { serviceWorkerInControl } from '../../fixtures/api';
import { ReportsPage } from '../../pages/reports-page';
import { signedInAs } from '../../fixtures/session';
import { givePurpose } from '../../pages/purpose-gate';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

/** The signed-in user's id token, as the app sends it to the main API. */
async function idToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.idToken')) return localStorage.getItem(key);
    }
    return null;
  });
  if (!token) throw new Error('no id token in storage');
  return token;
}

test('the overview shows what the API answers for the same filters', async ({ page }) => {
  const reports = new ReportsPage(page);
  await signedInAs(page, 'admin');
  await expect(page).toHaveURL(/\/app\/reports\/overview\?.*startDate=/);
  const search = reports.params();
  // The screen's call: the view's own ids and the range from the address.
  const query = new URLSearchParams({ startDate: search.get('startDate') ?? '', endDate: search.get('endDate') ?? '', view: search.get('view') ?? '' });
  for (const id of (search.get('organizationIds') ?? '').split(',').filter(Boolean)) query.append('organizationIds', id);
  const response = await page.request.get(`/api/compliance/overview-stats?${query}`, { headers: { Authorization: await idToken(page) } });
  expect(response.ok()).toBe(true);
  const api = (await response.json()) as Record<string, { value: number | null }>;
  const percent = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${Math.round(v * 100)}%`);
  const count = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toLocaleString('en-US'));
  expect(api.opportunities?.value).toBeGreaterThan(0);
  await expect(reports.statValue('Compliance Total')).toHaveText(percent(api.complianceTotal?.value));
  await expect(reports.statValue('Compliance Average')).toHaveText(percent(api.complianceAverage?.value));
  await expect(reports.statValue('Opportunities')).toHaveText(count(api.opportunities?.value));
  await expect(reports.statValue('Active Users')).toHaveText(count(api.activeUsers?.value));
  // The top-10 ranking lists at most 10 users, each with a badge.
  const ranking = reports.ranking();
  await expect(ranking.getByRole('row')).not.toHaveCount(0);
  expect(await ranking.locator('tbody tr').count()).toBeLessThanOrEqual(10);
});

test('changing view, organizations and dates rewrites the address, and a reload keeps it', async ({ page }) => {
  // Four filter changes, each waited on in the address and on screen, and a reload.
  test.slow();
  const reports = new ReportsPage(page);
  await signedInAs(page, 'admin');
  await expect(page).toHaveURL(/view=org/);

  // Location view keeps group ids and drops organization ids.
  await reports.chooseView('Location');
  await expect(page).toHaveURL(/view=loc/);
  expect(reports.params().has('groupIds')).toBe(true);
  expect(reports.params().has('organizationIds')).toBe(false);

  // Back to organizations, narrowed to one.
  await reports.chooseView('Organization');
  await expect(page).toHaveURL(/view=org/);
  const ids = () => (reports.params().get('organizationIds') ?? '').split(',').map(Number);
  expect(ids()).toContain(11);
  await reports.uncheckOrganization('Riverside Oncology');
  await expect.poll(ids).not.toContain(11);
  // Riverside is partly ticked now: its other units stand for it; St. Mary's, whole, for its own.
  expect(ids()).toEqual(expect.arrayContaining([3, 9, 10]));
  expect(ids()).not.toContain(4);
  expect(reports.params().has('groupIds')).toBe(false);

  // Yesterday, applied: both dates change together.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await reports.applyDatePreset('Yesterday');
  await expect(page).toHaveURL(new RegExp(`startDate=${yesterday}&endDate=${yesterday}`));

  const before = page.url();
  await page.reload();
  await expect(reports.statValues().first()).toBeVisible();
  expect(page.url()).toBe(before);
  expect(ids()).not.toContain(11);
});

test('View As opens the chosen user’s overview', async ({ page }) => {
  const reports = new ReportsPage(page);
  await signedInAs(page, 'admin');
  const dialog = await reports.openViewAs();
  const rows = reports.viewAsRows();
  await expect(rows).toHaveCount(8);
  const name = (await rows.first().locator('td').first().textContent())?.trim() ?? '';
  await dialog.getByLabel('Search users').fill(name);
  await expect(rows.first()).toContainText(name);
  await rows.first().click();
  await expect(page).toHaveURL(/\/app\/reports\/user-overview\?userId=\d+/);
  await expect(reports.userOverviewName()).toHaveText(name);
  // Someone else's figures: the admin says why first (docs/PRIVACY.md 'A purpose first').
  await givePurpose(page, 'COACHING');
  await expect(reports.statValue('Compliance')).toBeVisible();
});

test('the compliance breakdown exports its rows as CSV', async ({ page }) => {
  const reports = new ReportsPage(page);
  await signedInAs(page, 'admin');
  await reports.goto('/app/reports/compliance?split=true');
  const table = reports.complianceBreakdown();
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const shown = await reports.pageSummary().textContent();
  const total = Number(/of (\d+)/.exec(shown ?? '')?.[1]);
  const firstRow = (await table.locator('tbody tr').first().locator('td').allTextContents()).map((t) => t.trim());

  const download = await reports.exportCsv();
  expect(download.suggestedFilename()).toMatch(/^Compliance_breakdown_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}_Export\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines[0]).toBe('Name,Date,Compliant Events,Opport.,Total,Average');
  expect(lines).toHaveLength(total + 1);
  expect(lines[1]).toContain(firstRow[0] ?? '');
  expect(lines[1]).toContain(firstRow[1] ?? '');
});

test('a nurse sees their own overview and cannot open another user’s by address', async ({ page }) => {
  const reports = new ReportsPage(page);
  await signedInAs(page, 'nurse');
  await expect(page).toHaveURL(/\/app\/reports\/user-overview/);
  await expect(reports.userOverviewName()).not.toHaveText('');
  await expect(reports.statValue('Compliance')).toBeVisible();

  await reports.goto('/app/reports/user-overview?userId=1');
  await expect(page.getByText('User not found')).toBeVisible();
  await expect(reports.statValues()).toHaveCount(0);
});

test('a report opened offline shows the cached answer with its date', async ({ page, context }) => {
  const reports = new ReportsPage(page);
  await signedInAs(page, 'admin');
  const opportunities = reports.statValue('Opportunities');
  await expect(opportunities).not.toHaveText('—');
  const online = await opportunities.textContent();
  // Every section has its answer (and so the cache holds it) before the network goes.
  await expect(reports.ranking().getByRole('row').nth(1)).toBeVisible();
  await expect(reports.busySections()).toHaveCount(0);
  await serviceWorkerInControl(page);
  // Leaving the page writes the cache at once.
  await context.setOffline(true);
  await page.reload();
  await expect(reports.offlineStamp()).toContainText('offline — as of');
  await expect(reports.statValue('Opportunities')).toHaveText(online ?? '');
  await expect(page.getByText('Could not load')).toHaveCount(0);
  await context.setOffline(false);
});
