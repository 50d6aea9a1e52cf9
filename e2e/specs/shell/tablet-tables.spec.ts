import { expect, type Locator, type Page, test } from '@playwright/test';
import type { WearableList } from '../../../server/src/contracts/wearables';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { signedInAs } from '../../fixtures/session';
import { givePurpose, purposeGate } from '../../pages/purpose-gate';

// Tables on touch layouts keep the row's name, the figure the page exists for and the row menu on
// screen; the secondary columns fold into each row's details.
test.use({ hasTouch: true, isMobile: true });

const IPAD_UPRIGHT = { width: 810, height: 1080 };
const IPAD_ON_ITS_SIDE = { width: 1080, height: 810 };
const TABLET = { width: 800, height: 1280 };

/** Whether the element lies wholly inside the window, without scrolling sideways. */
async function insideViewport(page: Page, element: Locator) {
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, 'laid out').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

async function noSidewaysPage(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

for (const viewport of [IPAD_UPRIGHT, IPAD_ON_ITS_SIDE]) {
  test(`User Performance shows each user's name and compliance on an iPad ${viewport.width}×${viewport.height}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signedInAs(page, 'admin', '/app/reports/user-performance');
    const table = page.getByRole('table', { name: 'User performance' });
    const firstRow = table.locator('tbody tr').first();
    await expect(firstRow.getByRole('button', { name: /^Show details of / })).toBeVisible();

    await insideViewport(page, table.getByRole('columnheader', { name: /Compliance/ }));
    await insideViewport(page, table.getByRole('columnheader', { name: /Name/ }));
    const cells = firstRow.getByRole('cell');
    // The row menu is pinned last, the compliance just before it.
    await insideViewport(page, cells.last());
    await expect(cells.last().getByRole('button', { name: /^Actions for / })).toBeVisible();
    await insideViewport(page, cells.nth((await cells.count()) - 2));
    await expect(cells.nth((await cells.count()) - 2)).toHaveText(/%|—/);
    await noSidewaysPage(page);

    // The folded columns are a tap away, and the tap is a finger's size.
    const toggle = firstRow.getByRole('button', { name: /^Show details of / });
    const size = await toggle.boundingBox();
    expect(size?.height ?? 0).toBeGreaterThanOrEqual(44);
    await toggle.tap();
    const details = table.locator('[data-row-details]');
    await expect(details.getByRole('term')).toHaveText(['Profession', 'Organization', 'Compliant Events', 'Avg Soap', 'Avg Sanitizer', 'Usage']);
    await expect(firstRow.getByRole('button', { name: /^Hide details of / })).toHaveAttribute('aria-expanded', 'true');
    await insideViewport(page, details);
    await firstRow.getByRole('button', { name: /^Hide details of / }).tap();
    await expect(details).toHaveCount(0);
  });
}

test('Badges on an upright tablet keep the last heartbeat and the row menu on screen', async ({ page, request }) => {
  await page.setViewportSize(TABLET);
  await signedInAs(page, 'tech');
  const api = apiAs(request, await idTokenOf(page));
  const badge = (await api.get<WearableList>('/devices/wearables?type=BADGE')).data.find((b) => b.active && !b.staged);
  expect(badge).toBeDefined();
  if (!badge) return;

  await page.goto(`/app/maintenance/badges?groupId=${badge.groupId}&search=${encodeURIComponent(badge.mac)}`);
  const table = page.getByRole('table', { name: 'Badges' });
  const row = table.getByRole('row').filter({ hasText: badge.mac });
  await expect(row).toBeVisible();
  await insideViewport(page, table.getByRole('columnheader', { name: /Last Heartbeat/ }));
  await insideViewport(page, table.getByRole('columnheader', { name: /Assigned User/ }));
  const menu = row.getByRole('button', { name: `Actions for ${badge.mac}` });
  await insideViewport(page, menu);
  await noSidewaysPage(page);

  await menu.tap();
  await expect(page.getByRole('menuitem', { name: 'History' })).toBeVisible();
  await page.keyboard.press('Escape');

  await row.getByRole('button', { name: `Show details of ${badge.mac}` }).tap();
  await expect(table.locator('[data-row-details]').getByRole('term')).toHaveText(['Device Code', 'Model', 'Location', 'Version', 'Setting']);
});

const PHONE = { width: 390, height: 844 };

/** Whether the table shows whole in its box: nothing of it needs scrolling sideways (its own scroller's or the page's). */
async function noSidewaysTable(table: Locator) {
  const overflow = await table.evaluate((element) => {
    let node: HTMLElement | null = element as HTMLElement;
    let widest = 0;
    while (node) {
      widest = Math.max(widest, node.scrollWidth - node.clientWidth);
      node = node.parentElement;
    }
    return widest;
  });
  expect(overflow, 'pixels to scroll sideways').toBeLessThanOrEqual(1);
}

test('Staff Rounding on a phone keeps each list’s name, its visits and Details on screen, and a user’s visits fit too', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedInAs(page, 'charge', '/app/reports/staff-rounding');
  const users = page.getByRole('table', { name: 'Staff rounding by user' });
  const first = users.locator('tbody tr').first();
  await expect(first.getByRole('button', { name: /^Details of / })).toBeVisible();
  await insideViewport(page, users.getByRole('columnheader', { name: /Bed Visits/ }));
  await insideViewport(page, first.getByRole('button', { name: /^Details of / }));
  await noSidewaysTable(users);
  await noSidewaysPage(page);

  const details = first.getByRole('button', { name: /^Details of / });
  const name = ((await details.getAttribute('aria-label')) ?? '').replace(/^Details of /, '');
  await details.tap();
  // Someone else's visits: the card asking why fits the phone too (docs/PRIVACY.md 'A purpose first').
  await expect(purposeGate(page)).toBeVisible();
  await noSidewaysPage(page);
  await givePurpose(page, 'COACHING');
  const visits = page.getByRole('table', { name: `Bed visits of ${name}` });
  await expect(visits.locator('tbody tr').first()).toBeVisible();
  for (const header of [/Entry Time/, /Duration/]) await insideViewport(page, visits.getByRole('columnheader', { name: header }));
  await noSidewaysTable(visits);
  await noSidewaysPage(page);
});

test('Dispenser Activity on a phone fits its 390 px: Color By, the views and the map', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signedInAs(page, 'manager', '/app/reports/dispenser-activity?groupId=6');
  await expect(page.locator('[data-dispenser-id]').first()).toBeAttached();
  for (const name of ['Activity Level', 'Dispenser Type', 'List', 'Map']) await insideViewport(page, page.getByRole('button', { name, exact: true }));
  await noSidewaysPage(page);
});
