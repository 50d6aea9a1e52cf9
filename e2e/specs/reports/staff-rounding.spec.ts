import { devices, expect, type Page, test } from '@playwright/test';
import { serviceWorkerInControl } from '../../fixtures/api';
import { ReportsPage } from '../../pages/reports-page';
import { signedInAs } from '../../fixtures/session';
import { givePurpose } from '../../pages/purpose-gate';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// A charge nurse on an iPad, upright, by touch. The browser stays the project's Chromium: a
// device's default browser can only be set for a whole project.
const { defaultBrowserType: _browser, ...ipad } = devices['iPad (gen 7)'];
test.use(ipad);
// Each test signs in and reads a week of the demo hospital's rounding: give it room on a busy machine.
test.slow();

const PAGE = '/app/reports/staff-rounding';

async function signInAsChargeNurse(page: Page) {
  await signedInAs(page, 'charge');
  return new ReportsPage(page);
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Staff rounding by user' });
const bedsTable = (page: Page) => page.getByRole('table', { name: 'Staff rounding by bed' });
const firstRow = (table: ReturnType<Page['getByRole']>) => table.locator('tbody tr').first();

/** The page never scrolls sideways: what is wider scrolls inside its card. */
async function expectNoSidewaysPage(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('a charge nurse switches tabs, opens a user’s Details with visits and hourly stats, and goes back', async ({ page }) => {
  await signInAsChargeNurse(page);
  await page.goto(PAGE);
  await expect(page).toHaveURL(/tab=user/);
  await expect(firstRow(usersTable(page)).getByRole('button', { name: /^Details of / })).toBeVisible();
  await expectNoSidewaysPage(page);

  await page.getByRole('tab', { name: 'Beds' }).tap();
  await expect(page).toHaveURL(/tab=bed/);
  await expect(firstRow(bedsTable(page)).getByRole('button', { name: /^Details of / })).toBeVisible();
  await page.getByRole('tab', { name: 'Users' }).tap();
  await expect(page).toHaveURL(/tab=user/);

  // The list is sorted by bed visits, most first: the first row has visits to show.
  const details = firstRow(usersTable(page)).getByRole('button', { name: /^Details of / });
  const name = ((await details.getAttribute('aria-label')) ?? '').replace(/^Details of /, '');
  await details.tap();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  // A person's visits: the charge nurse says why first (docs/PRIVACY.md 'A purpose first').
  await expectNoSidewaysPage(page);
  await givePurpose(page, 'COACHING');
  const visits = page.getByRole('table', { name: `Bed visits of ${name}` });
  await expect(visits.locator('tbody tr').first()).toContainText(/\d+ (min|sec)/);
  await expect(page.getByRole('table', { name: `Hourly stats of ${name}` }).locator('tbody tr').first()).toContainText(/^\d{1,2}:00/);
  await expect(page.getByRole('img', { name: `Bed visits by hour of day, ${name}` }).locator('svg.recharts-surface').first()).toBeVisible();
  await expect(page.getByText("Opening a user's rounding details is recorded in the audit trail.")).toBeVisible();
  await expectNoSidewaysPage(page);
  // On its side the iPad shows the navigation beside the page; still nothing scrolls sideways.
  await page.setViewportSize({ width: 1080, height: 810 });
  await expectNoSidewaysPage(page);

  await page.getByRole('button', { name: 'Back to the users' }).tap();
  await expect(firstRow(usersTable(page))).toBeVisible();
  await expect(page).toHaveURL(/tab=user/);
});

test('one clock for the report: the chosen day is the ward’s day, named on the page, and every visit reads it', async ({ page }) => {
  await signInAsChargeNurse(page);
  // Yesterday as the ward's clock reads it (the demo hospital is on Pacific time).
  const pacific = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'US/Pacific' });
  const day = pacific(new Date(Date.now() - 86_400_000));
  await page.goto(`${PAGE}?tab=user&startDate=${day}&endDate=${day}`);
  await expect(page.getByTestId('report-clock')).toHaveText('Days and times: Pacific Time (US/Pacific)');

  const details = firstRow(usersTable(page)).getByRole('button', { name: /^Details of / });
  const name = ((await details.getAttribute('aria-label')) ?? '').replace(/^Details of /, '');
  await details.tap();
  await givePurpose(page);
  // The Entry Time cells: a time of day with its zone.
  const entries = page.getByRole('table', { name: `Bed visits of ${name}` }).locator('tbody td').filter({ hasText: /\d:\d\d [AP]M \w+$/ });
  await expect(entries.first()).toBeVisible();
  // Oldest first: the first visit would be of the evening before if the day were UTC's.
  const label = new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  for (const text of await entries.allTextContents()) expect(text).toMatch(new RegExp(`^${label}, .* P[SD]T$`));
});

test('Staff Rounding opened from a User Performance row lands on that user’s Details', async ({ page }) => {
  const reports = await signInAsChargeNurse(page);
  await reports.goto('/app/reports/user-performance');
  const row = firstRow(reports.userPerformance());
  const menu = row.getByRole('button', { name: /^Actions for / });
  await expect(menu).toBeVisible();
  const name = ((await menu.getAttribute('aria-label')) ?? '').replace(/^Actions for /, '');
  await menu.tap();
  // Contact Tracing is not among this account's reports, so the menu does not offer it.
  await expect(page.getByRole('menuitem')).toHaveText(['Staff Rounding']);
  await page.getByRole('menuitem', { name: 'Staff Rounding' }).tap();

  await expect(page).toHaveURL(/\/app\/reports\/staff-rounding\?.*tab=user/);
  expect(reports.params().get('search')).toBe(name);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await givePurpose(page);
  await expect(page.getByRole('table', { name: `Bed visits of ${name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Back to the users' }).tap();
  await expect(usersTable(page)).toBeVisible();
});

test('Staff Rounding opened offline shows the cached list with its date', async ({ page, context }) => {
  const reports = await signInAsChargeNurse(page);
  await page.goto(PAGE);
  const first = firstRow(usersTable(page)).getByRole('button', { name: /^Details of / });
  await expect(first).toBeVisible();
  const name = await first.getAttribute('aria-label');
  await expect(reports.busySections()).toHaveCount(0);
  await serviceWorkerInControl(page);
  await context.setOffline(true);
  await page.reload();
  await expect(reports.offlineStamp()).toContainText('offline — as of');
  await expect(usersTable(page).getByRole('button', { name: name ?? '', exact: true })).toBeVisible();
  await expect(page.getByText('Could not load')).toHaveCount(0);
  await context.setOffline(false);
});
