import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { serviceWorkerInControl } from '../../fixtures/api';
import { SignInPage } from '../../pages/sign-in-page';

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

const statValue = (page: Page, label: string) => page.getByRole('region', { name: label, exact: true }).getByTestId('stat-value');
const params = (page: Page) => new URL(page.url()).searchParams;

test('the overview shows what the API answers for the same filters', async ({ page }) => {
  await new SignInPage(page).signInAs('admin');
  await expect(page).toHaveURL(/\/app\/reports\/overview\?.*startDate=/);
  const search = params(page);
  // The screen's call: the view's own ids and the range from the address.
  const query = new URLSearchParams({ startDate: search.get('startDate') ?? '', endDate: search.get('endDate') ?? '', view: search.get('view') ?? '' });
  for (const id of (search.get('organizationIds') ?? '').split(',').filter(Boolean)) query.append('organizationIds', id);
  const response = await page.request.get(`/api/compliance/overview-stats?${query}`, { headers: { Authorization: await idToken(page) } });
  expect(response.ok()).toBe(true);
  const api = (await response.json()) as Record<string, { value: number | null }>;
  const percent = (v: number | null | undefined) => (v === null || v === undefined ? '—' : `${Math.round(v * 100)}%`);
  const count = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toLocaleString('en-US'));
  expect(api.opportunities?.value).toBeGreaterThan(0);
  await expect(statValue(page, 'Compliance Total')).toHaveText(percent(api.complianceTotal?.value));
  await expect(statValue(page, 'Compliance Average')).toHaveText(percent(api.complianceAverage?.value));
  await expect(statValue(page, 'Opportunities')).toHaveText(count(api.opportunities?.value));
  await expect(statValue(page, 'Active Users')).toHaveText(count(api.activeUsers?.value));
  // The top-10 ranking lists at most 10 users, each with a badge.
  const ranking = page.getByRole('table', { name: 'Top 10 compliance ranking' });
  await expect(ranking.getByRole('row')).not.toHaveCount(0);
  expect(await ranking.locator('tbody tr').count()).toBeLessThanOrEqual(10);
});

test('changing view, organizations and dates rewrites the address, and a reload keeps it', async ({ page }) => {
  await new SignInPage(page).signInAs('admin');
  await expect(page).toHaveURL(/view=org/);

  // Location view keeps group ids and drops organization ids.
  await page.getByRole('search', { name: 'Report filters' }).getByText('Location', { exact: true }).click();
  await expect(page).toHaveURL(/view=loc/);
  expect(params(page).has('groupIds')).toBe(true);
  expect(params(page).has('organizationIds')).toBe(false);

  // Back to organizations, narrowed to one.
  await page.getByRole('search', { name: 'Report filters' }).getByText('Organization', { exact: true }).click();
  await expect(page).toHaveURL(/view=org/);
  const ids = () => (params(page).get('organizationIds') ?? '').split(',').map(Number);
  expect(ids()).toContain(11);
  await page.getByRole('button', { name: /Organizations/ }).first().click();
  await page.getByRole('checkbox', { name: 'Riverside Oncology' }).uncheck();
  await page.keyboard.press('Escape');
  await expect.poll(ids).not.toContain(11);
  expect(ids()).toContain(5);
  expect(params(page).has('groupIds')).toBe(false);

  // Yesterday, applied: both dates change together.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.getByRole('button', { name: /Date range/ }).click();
  await page.getByRole('button', { name: 'Yesterday' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`startDate=${yesterday}&endDate=${yesterday}`));

  const before = page.url();
  await page.reload();
  await expect(page.getByTestId('stat-value').first()).toBeVisible();
  expect(page.url()).toBe(before);
  expect(ids()).not.toContain(11);
});

test('View As opens the chosen user’s overview', async ({ page }) => {
  await new SignInPage(page).signInAs('admin');
  await page.getByRole('button', { name: 'View As' }).click();
  const dialog = page.getByRole('dialog', { name: 'View As' });
  const rows = dialog.getByRole('table', { name: 'Users to view as' }).locator('tbody tr');
  await expect(rows).toHaveCount(8);
  const name = (await rows.first().locator('td').first().textContent())?.trim() ?? '';
  await dialog.getByLabel('Search users').fill(name);
  await expect(rows.first()).toContainText(name);
  await rows.first().click();
  await expect(page).toHaveURL(/\/app\/reports\/user-overview\?userId=\d+/);
  await expect(page.getByTestId('user-overview-name')).toHaveText(name);
  await expect(page.getByRole('region', { name: 'Compliance', exact: true }).getByTestId('stat-value')).toBeVisible();
});

test('the compliance breakdown exports its rows as CSV', async ({ page }) => {
  await new SignInPage(page).signInAs('admin');
  await page.goto('/app/reports/compliance?split=true');
  const table = page.getByRole('table', { name: 'Compliance breakdown' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const shown = await page.getByText(/^Showing \d+ to \d+ of \d+$/).first().textContent();
  const total = Number(/of (\d+)/.exec(shown ?? '')?.[1]);
  const firstRow = (await table.locator('tbody tr').first().locator('td').allTextContents()).map((t) => t.trim());

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Compliance_breakdown_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}_Export\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines[0]).toBe('Name,Date,Compliant Events,Opport.,Total,Average');
  expect(lines).toHaveLength(total + 1);
  expect(lines[1]).toContain(firstRow[0] ?? '');
  expect(lines[1]).toContain(firstRow[1] ?? '');
});

test('a nurse sees their own overview and cannot open another user’s by address', async ({ page }) => {
  await new SignInPage(page).signInAs('nurse');
  await expect(page).toHaveURL(/\/app\/reports\/user-overview/);
  await expect(page.getByTestId('user-overview-name')).not.toHaveText('');
  await expect(page.getByRole('region', { name: 'Compliance', exact: true }).getByTestId('stat-value')).toBeVisible();

  await page.goto('/app/reports/user-overview?userId=1');
  await expect(page.getByText('User not found')).toBeVisible();
  await expect(page.getByTestId('stat-value')).toHaveCount(0);
});

test('a report opened offline shows the cached answer with its date', async ({ page, context }) => {
  await new SignInPage(page).signInAs('admin');
  const opportunities = statValue(page, 'Opportunities');
  await expect(opportunities).not.toHaveText('—');
  const online = await opportunities.textContent();
  // Every section has its answer (and so the cache holds it) before the network goes.
  await expect(page.getByRole('table', { name: 'Top 10 compliance ranking' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.locator('section[aria-busy="true"]')).toHaveCount(0);
  await serviceWorkerInControl(page);
  // Leaving the page writes the cache at once.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-stamp')).toContainText('offline — as of');
  await expect(statValue(page, 'Opportunities')).toHaveText(online ?? '');
  await expect(page.getByText('Could not load')).toHaveCount(0);
  await context.setOffline(false);
});
