import { expect, type Locator, type Page, test } from '@playwright/test';
import { serviceWorkerInControl } from '../../fixtures/api';
import { ReportsPage } from '../../pages/reports-page';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

const PATH = '/app/reports/c-diff-report';

const roomsTable = (page: Page) => page.getByRole('table', { name: 'C. diff rooms' });
const bodyRows = (table: Locator) => table.locator('tbody tr');

/** Opens the C. Diff Report and waits for its first rooms. */
async function openRooms(page: Page) {
  await page.goto(PATH);
  await expect(page).toHaveURL(/startDate=/);
  await expect(bodyRows(roomsTable(page)).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'C. diff rooms' }).locator('[aria-busy="true"]')).toHaveCount(0);
}

test('the manager lists the C. diff rooms, opens a room\'s visits and goes on to a visitor\'s Staff Rounding', async ({ page }) => {
  await signedInAs(page, 'manager');
  await openRooms(page);
  await expect(page.getByTestId('cdiff-status')).toHaveText(/^Status as of \w+/);
  // One clock for the report: the hospital's, named (docs/METRICS.md 'A location's own days').
  await expect(page.getByTestId('report-clock')).toHaveText('Days and times: Pacific Time (US/Pacific)');
  // St. Mary's has 13 C. diff rooms: one page holds them all.
  await expect(page.getByText(/^\d+ of \d+ rooms loaded$/)).toHaveText('13 of 13 rooms loaded');
  await expect(page.getByRole('button', { name: 'Load more rooms' })).toHaveCount(0);

  // The room with the most visits.
  await roomsTable(page).getByRole('button', { name: 'Sort by Total Visits' }).click();
  await roomsTable(page).getByRole('button', { name: 'Sort by Total Visits' }).click();
  const busiest = bodyRows(roomsTable(page)).first();
  const name = (await busiest.locator('td').first().textContent())?.trim() ?? '';
  // Each figure says what it counts: compliant visits (entry and exit) and soap at exit differ.
  await expect(page.getByTestId('cdiff-figures')).toContainText('Compliant Visits: visits with a compliant entry and a compliant exit.');
  await expect(page.getByTestId('cdiff-figures')).toContainText('the visit list ticks these');
  const soap = Number((await busiest.locator('td').nth(3).textContent())?.replace('%', ''));
  await busiest.getByRole('button', { name: `Details of ${name}` }).click();

  const visits = page.getByRole('table', { name: `Visits to ${name}` });
  await expect(bodyRows(visits).first()).toBeVisible();
  await expect(bodyRows(visits).first()).toContainText(/\d:\d\d:\d\d [AP]M P[SD]T/);
  await expect(page.getByText(/^\d+ of \d+ visits loaded$/)).toBeVisible();
  const [loaded, total] = ((await page.getByText(/^\d+ of \d+ visits loaded$/).textContent()) ?? '').match(/\d+/g)?.map(Number) ?? [];
  expect(loaded).toBe(Math.min(15, total ?? 0));
  if ((total ?? 0) > 15) {
    await page.getByRole('button', { name: 'Load more visits' }).click();
    await expect(page.getByText(/^\d+ of \d+ visits loaded$/)).toHaveText(`${Math.min(30, total ?? 0)} of ${total} visits loaded`);
  }

  // Every visit loaded: the ticks are the Soap Compliance of the room, and the others read No.
  while (await page.getByRole('button', { name: 'Load more visits' }).count()) {
    const before = await bodyRows(visits).count();
    await page.getByRole('button', { name: 'Load more visits' }).click();
    await expect(bodyRows(visits)).not.toHaveCount(before);
  }
  await expect(bodyRows(visits)).toHaveCount(total ?? 0);
  const ticks = await visits.getByRole('img', { name: 'Yes' }).count();
  expect(Math.round((ticks / (total ?? 1)) * 100)).toBe(soap);
  await expect(visits.locator('tbody td').getByText('No', { exact: true })).toHaveCount((total ?? 0) - ticks);

  const visitor = bodyRows(visits).first();
  const person = (await visitor.locator('td').first().textContent())?.trim() ?? '';
  await visitor.getByRole('button', { name: `Actions for ${person}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Compliance' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Staff Rounding' }).click();
  await expect(page).toHaveURL(/\/app\/reports\/staff-rounding\?/);
  expect(new ReportsPage(page).params().get('search')).toBe(person);

  // Back returns to the rooms.
  await page.goBack();
  await expect(bodyRows(roomsTable(page)).first()).toBeVisible();
});

test('rooms load 15 at a time while more exist', async ({ page }) => {
  // The manager's hospital has 13 rooms (one page); the provider's administrator sees both hospitals' 19.
  await signedInAs(page, 'admin');
  await openRooms(page);
  await expect(page.getByText(/^\d+ of \d+ rooms loaded$/)).toHaveText('15 of 19 rooms loaded');
  // Two hospitals in two time zones: each visit is on its own location's clock.
  await expect(page.getByTestId('report-clock')).toHaveText('Days and times: each location’s own time zone, named beside each time');
  await expect(bodyRows(roomsTable(page))).toHaveCount(15);
  await page.getByRole('button', { name: 'Load more rooms' }).click();
  await expect(page.getByText(/^\d+ of \d+ rooms loaded$/)).toHaveText('19 of 19 rooms loaded');
  await expect(bodyRows(roomsTable(page))).toHaveCount(19);
  await expect(page.getByRole('button', { name: 'Load more rooms' })).toHaveCount(0);
});

test('the C. diff rooms opened before read offline, with their date', async ({ page, context }) => {
  await signedInAs(page, 'manager');
  await openRooms(page);
  // The first room's name once the answer is drawn (skeleton rows have no text).
  const firstCell = bodyRows(roomsTable(page)).first().locator('td').first();
  await expect(firstCell).toHaveText(/\S/);
  const firstRoom = await firstCell.textContent();
  await serviceWorkerInControl(page);
  await expect(bodyRows(roomsTable(page)).first()).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(new ReportsPage(page).offlineStamp()).toContainText('offline — as of');
  await expect(bodyRows(roomsTable(page)).first().locator('td').first()).toHaveText(firstRoom ?? '');
  await expect(page.getByText('could not be loaded')).toHaveCount(0);
  await context.setOffline(false);
});
