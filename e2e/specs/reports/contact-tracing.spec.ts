import { expect, type Page, test } from '@playwright/test';
import { apiAs, idTokenOf, serviceWorkerInControl } from '../../fixtures/api';
import { ReportsPage } from '../../pages/reports-page';
import { idTokenFor, signedInAs } from '../../fixtures/session';
import { givePurpose, statePurposeFor } from '../../pages/purpose-gate';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// Contact Tracing is for the product's own staff (page-access: LAVO accounts with
// CONTACT_TRACING_BETA): the demo administrator. The person traced is found through the API the
// page calls, in the demo history the test server wrote (7 days), not named here.

interface Interaction { userId: number; name: string; room: string; entryTimestamp: string }
interface Exposed { userId: number; name: string; totalMs: number; contacts: number }
interface Answer { from: string; to: string; interactions: Interaction[]; users: Exposed[] }
interface ListedUser { id: number; firstName: string; lastName: string; active: boolean }

const PATH = '/app/reports/contact-tracing';
const day = (iso: string) => iso.slice(0, 10);
const shift = (date: string, days: number) => day(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString());

/** The query the page asks with: its organizations (as its address holds them) and days. */
function queryOf(page: Page, extra: Record<string, string | number>): string {
  const q = new URLSearchParams();
  for (const id of (new URL(page.url()).searchParams.get('organizationIds') ?? '').split(',').filter(Boolean)) q.append('organizationIds', id);
  for (const [k, v] of Object.entries(extra)) q.set(k, String(v));
  return q.toString();
}

/** Signs in as the administrator and opens the page, its address completed with the defaults. */
async function openPage(page: Page, search = '') {
  await signedInAs(page, 'admin', `${PATH}${search}`);
  await expect(page).toHaveURL(/organizationIds=/);
  return new ReportsPage(page);
}

/**
 * A person with contacts in the demo week whose name only they bear (so the search names them),
 * the day of their latest overlap, and their contacts that day as the API answers.
 */
async function tracedPerson(page: Page) {
  // A sign-in of its own: the page's still has to say why it traces them (docs/PRIVACY.md 'A purpose first').
  const api = apiAs(page.request, await idTokenFor(page, 'admin'));
  const today = day(new Date().toISOString());
  const week = await api.get<Answer>(`/exposureReport/interaction?${queryOf(page, { startDate: shift(today, -6), endDate: today, periodMs: 60_000 })}`);
  for (const candidate of week.users) {
    if (candidate.name === 'User') continue;
    const namesakes = await api.get<{ data: ListedUser[] }>(`/users?${new URLSearchParams({ search: candidate.name, take: '100' })}`);
    if (namesakes.data.filter((u) => u.active && `${u.firstName} ${u.lastName}`.trim() === candidate.name).length !== 1) continue;
    await statePurposeFor(api, candidate.userId, 'INFECTION_INVESTIGATION');
    const theirs = await api.get<Answer>(`/exposureReport/interaction?${queryOf(page, { startDate: shift(today, -6), endDate: today, userId: candidate.userId })}`);
    const last = theirs.interactions.at(-1);
    if (!last) continue;
    const date = day(last.entryTimestamp);
    const that = await api.get<Answer>(`/exposureReport/interaction?${queryOf(page, { startDate: date, endDate: date, userId: candidate.userId })}`);
    return { person: candidate, date, answer: that, contacts: new Set(that.interactions.map((i) => i.userId)) };
  }
  throw new Error('no one in the demo week has contacts');
}

/** Traces the person found by typing their name in the search. */
async function traceBySearch(page: Page) {
  const found = await tracedPerson(page);
  await page.goto(`${PATH}?mode=contacts&date=${found.date}`);
  await page.getByRole('textbox', { name: 'Search staff' }).fill(found.person.name);
  await page.getByRole('textbox', { name: 'Search staff' }).press('Enter');
  await givePurpose(page, 'INFECTION_INVESTIGATION');
  await expect(page.getByRole('heading', { name: `Contacts of ${found.person.name}` })).toBeVisible();
  return found;
}

test('one hospital’s staff are traced on the hospital’s clock, which the page names', async ({ page }) => {
  // St. Mary's (organization 3) has its wards on Pacific time.
  await openPage(page, '?mode=exposure&organizationIds=3');
  await expect(page.getByTestId('report-clock')).toHaveText('Days and times: Pacific Time (US/Pacific)');
  await expect(page.getByTestId('traced-span')).toHaveText(/^Traced from \w+ \d+, \d{4}, 12:00 AM P[SD]T to \w+ \d+, \d{4}, 11:59 PM P[SD]T \(from 24 hours before the first day to the end of the last\)\.$/);
});

test('a person found by search shows their contacts, each overlap and the traced span', async ({ page }) => {
  const reports = await openPage(page);
  const { person, date, answer, contacts } = await traceBySearch(page);
  expect(reports.params().get('search')).toBe(person.name);
  expect(reports.params().get('date')).toBe(date);

  // The span the server traced: from 24 hours before the day to its end.
  expect(answer.from).toBe(`${shift(date, -1)}T00:00:00.000Z`);
  await expect(page.getByTestId('traced-span')).toContainText(new Date(answer.from).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }));
  // The administrator's organizations have wards in three time zones: the report's clock is UTC, named.
  await expect(page.getByTestId('report-clock')).toHaveText('Days and times: UTC');
  await expect(page.getByTestId('audit-note')).toContainText('recorded in the audit trail');

  const contactRows = page.getByRole('table', { name: 'Contacts' }).locator('tbody tr');
  await expect(contactRows).toHaveCount(Math.min(contacts.size, 12));
  const first = answer.interactions[0];
  if (!first) throw new Error('the traced day has no overlap');
  await expect(page.getByRole('table', { name: 'Contacts' })).toContainText(first.name);
  const overlaps = page.getByRole('region', { name: 'Overlaps' });
  await expect(overlaps.locator('tbody tr')).toHaveCount(Math.min(answer.interactions.length, 12));
  await expect(overlaps).toContainText(first.room);

  // Each table exports.
  const download = await Promise.all([page.waitForEvent('download'), overlaps.getByRole('button', { name: 'Export CSV' }).click()]).then(([d]) => d);
  expect(download.suggestedFilename()).toMatch(/^Overlaps_.*_Export\.csv$/);

  // A contact's row menu opens their compliance report.
  await page.getByRole('table', { name: 'Contacts' }).getByRole('button', { name: /^Actions for / }).first().click();
  await expect(page.getByRole('menuitem', { name: 'Staff Rounding' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Compliance' }).click();
  await expect(page).toHaveURL(/\/app\/reports\/compliance\?.*userIds=/);
});

test('the Exposure view lists who reached the period, follows the slider by keyboard and opens details', async ({ page }) => {
  const reports = await openPage(page);
  await page.getByRole('button', { name: 'Exposure', exact: true }).click();
  await expect(page).toHaveURL(/mode=exposure/);
  const date = reports.params().get('date') ?? '';
  const api = apiAs(page.request, await idTokenOf(page));
  const week = await api.get<Answer>(`/exposureReport/interaction?${queryOf(page, { startDate: shift(date, -6), endDate: date, periodMs: 60_000 })}`);
  const reaching = (minutes: number) => week.users.filter((u) => u.totalMs >= minutes * 60_000).length;
  expect(reaching(1)).toBeGreaterThan(0);

  const card = page.getByRole('region', { name: 'Exposure' });
  const summary = card.getByText(/^Showing \d+ to \d+ of \d+$/);
  const slider = page.getByRole('slider');
  await expect(slider).toHaveAttribute('aria-valuenow', '15');
  if (reaching(15) > 0) await expect(summary).toHaveText(new RegExp(`of ${reaching(15)}$`));
  await expect(card.locator('tbody tr')).toHaveCount(Math.max(1, Math.min(reaching(15), 12)));

  // Keyboard: Home goes to 1 minute, an arrow up to 2.
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(slider).toHaveAttribute('aria-valuenow', '1');
  await expect(page.getByText('Exposure period: 1 min')).toBeVisible();
  await expect(summary).toHaveText(new RegExp(`of ${reaching(1)}$`));
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuenow', '2');
  await expect(summary).toHaveText(new RegExp(`of ${reaching(2)}$`));

  // Pointer: a click at the track's far end is 15 minutes.
  const track = page.getByTestId('exposure-slider');
  const box = await track.boundingBox();
  if (!box) throw new Error('slider not laid out');
  await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
  await expect(slider).toHaveAttribute('aria-valuenow', '15');

  // Details of the most exposed: their overlaps, then Back to the list.
  await page.keyboard.press('Home');
  const top = week.users[0];
  if (!top) throw new Error('no exposure');
  await card.getByRole('button', { name: `Details of ${top.name}` }).first().click();
  await givePurpose(page, 'INFECTION_INVESTIGATION');
  await expect(page.getByRole('heading', { name: `Contacts of ${top.name}` })).toBeVisible();
  await expect(page.getByTestId('audit-note')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Overlaps' }).locator('tbody tr').first()).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('region', { name: 'Exposure' })).toBeVisible();
  await expect(page).toHaveURL(/mode=exposure/);
});

test.describe('on an iPad', () => {
  test.use({ viewport: { width: 810, height: 1080 }, hasTouch: true, isMobile: true });

  test('the exposure slider follows a tap, and the page does not scroll sideways', async ({ page }) => {
    await openPage(page, '?mode=exposure');
    const slider = page.getByRole('slider');
    await expect(slider).toHaveAttribute('aria-valuenow', '15');
    const box = await page.getByTestId('exposure-slider').boundingBox();
    if (!box) throw new Error('slider not laid out');
    // The band a finger grabs is at least 44 px tall.
    expect(box.height).toBeGreaterThanOrEqual(44);
    await page.touchscreen.tap(box.x + 4, box.y + box.height / 2);
    await expect(slider).toHaveAttribute('aria-valuenow', '1');
    await expect(page.getByText('Exposure period: 1 min')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Exposure' })).toBeVisible();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});

test('a traced person read offline shows the cached contacts with their date', async ({ page, context }) => {
  const reports = await openPage(page);
  const { contacts } = await traceBySearch(page);
  const rows = page.getByRole('table', { name: 'Contacts' }).locator('tbody tr');
  await expect(rows).toHaveCount(Math.min(contacts.size, 12));
  await expect(reports.busySections()).toHaveCount(0);
  await serviceWorkerInControl(page);
  await context.setOffline(true);
  await page.reload();
  await expect(reports.offlineStamp()).toContainText('offline — as of');
  await expect(rows).toHaveCount(Math.min(contacts.size, 12));
  await expect(page.getByText('Could not load')).toHaveCount(0);
  await context.setOffline(false);
});
