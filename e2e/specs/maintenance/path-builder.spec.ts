import { expect, test, type Page } from '@playwright/test';
import type { Path } from '../../../server/src/contracts/paths';
import { apiAs, idTokenOf, serviceWorkerInControl } from '../../fixtures/api';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// The Path Builder as a technician uses it on a ward tablet: a unit with a floor plan, its walking
// paths drawn by tapping the plan, undone and redone, saved, deleted; and the same without signal,
// through a reload, sent once when the connection is back. Each test has a unit of its own, so
// they run side by side.

const PATH = '/app/maintenance/path-builder';

const canvas = (page: Page) => page.getByTestId('path-canvas');
const drawn = (page: Page, state: string) => canvas(page).locator(`[data-path-state="${state}"]`);
const indicator = (page: Page) => page.getByTestId('connectivity');

/** Where plan point (x, y) is on screen. */
async function onScreen(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const { box, width, height } = await canvas(page).evaluate((svg: SVGSVGElement) => {
    const r = svg.getBoundingClientRect();
    return { box: { x: r.x, y: r.y, width: r.width, height: r.height }, width: svg.width.baseVal.value, height: svg.height.baseVal.value };
  });
  return { x: box.x + (x * box.width) / width, y: box.y + (y * box.height) / height };
}

async function tapPlan(page: Page, x: number, y: number) {
  const at = await onScreen(page, x, y);
  await page.touchscreen.tap(at.x, at.y);
}

async function clickPlan(page: Page, x: number, y: number) {
  const at = await onScreen(page, x, y);
  await page.mouse.click(at.x, at.y);
}

/** Opens the builder on a unit whose paths were cleared first, once the plan has loaded. */
async function openCleared(page: Page, groupId: number): Promise<ReturnType<typeof apiAs>> {
  const api = apiAs(page.request, await idTokenOf(page));
  for (const path of await api.get<Path[]>(`/devices/paths?groupId=${groupId}`)) {
    const res = await page.request.delete(`/api/groups/${groupId}/remove-path`, { data: { id: path.id }, headers: { authorization: await idTokenOf(page) } });
    expect(res.ok()).toBe(true);
  }
  await page.goto(`${PATH}?groupId=${groupId}`);
  await expect(canvas(page)).toBeVisible();
  await expect(page.getByText('No paths yet.')).toBeVisible();
  return api;
}

type Point = { x: number; y: number };

/** The beacons and dispensers placed on a unit's plan. */
async function devicesOf(api: ReturnType<typeof apiAs>, groupId: number): Promise<Point[]> {
  const devices = await api.get<{ x: number | null; y: number | null }[]>(`/devices/group?groupId=${groupId}&types=BEACON,DISPENSER`);
  return devices.flatMap((d) => (d.x === null || d.y === null ? [] : [{ x: d.x, y: d.y }]));
}

/** A drawn point is where it was tapped (to a screen pixel's worth), or the device near it that the tap joined. */
function expectTapped(point: Point | undefined, x: number, y: number, devices: readonly Point[]) {
  expect(point).toBeDefined();
  const at = point ?? { x: -1, y: -1 };
  const joined = devices.some((d) => d.x === at.x && d.y === at.y && Math.hypot(d.x - x, d.y - y) < 80);
  if (!joined) expect(Math.hypot(at.x - x, at.y - y)).toBeLessThan(5);
}

const pathsOf = (api: ReturnType<typeof apiAs>, groupId: number) => api.get<Path[]>(`/devices/paths?groupId=${groupId}`);

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 1366 }, hasTouch: true, isMobile: true });
  test.beforeEach(() => test.slow());

  test('paths are drawn by tapping the plan, undone, redone, saved and deleted', async ({ page }) => {
    const UNIT = 7; // ICU – 3 South
    await signedInAs(page, 'tech');
    const api = await openCleared(page, UNIT);

    await page.getByRole('button', { name: 'Draw' }).tap();
    await expect(page.getByRole('button', { name: 'Draw' })).toHaveAttribute('aria-pressed', 'true');
    await tapPlan(page, 200, 200);
    await expect(page.getByTestId('path-anchor')).toBeVisible();
    await tapPlan(page, 500, 200);
    await tapPlan(page, 500, 400);
    await expect(drawn(page, 'new')).toHaveCount(2);
    // A tap on the last point ends the line.
    await tapPlan(page, 500, 400);
    await expect(page.getByTestId('path-anchor')).toHaveCount(0);

    await page.getByRole('button', { name: 'Undo' }).tap();
    await expect(drawn(page, 'new')).toHaveCount(1);
    await page.getByRole('button', { name: 'Redo' }).tap();
    await expect(drawn(page, 'new')).toHaveCount(2);
    await expect(page.getByTestId('path-row')).toHaveCount(2);

    await page.getByRole('button', { name: 'Save' }).tap();
    await expect(page.getByText('Paths successfully saved')).toBeVisible();
    await expect(drawn(page, 'saved')).toHaveCount(2);
    const saved = await pathsOf(api, UNIT);
    expect(saved).toHaveLength(2);
    const devices = await devicesOf(api, UNIT);
    expectTapped(saved[0]?.origin, 200, 200, devices);
    expectTapped(saved[0]?.destination, 500, 200, devices);
    expectTapped(saved[1]?.destination, 500, 400, devices);
    // One line: the second segment starts where the first ends.
    expect(saved[1]?.origin).toEqual(saved[0]?.destination);

    // Delete: a tap near the first path marks it; Cancel asks, then restores it.
    await page.getByRole('button', { name: 'Delete', exact: true }).tap();
    await tapPlan(page, 350, 203);
    await expect(drawn(page, 'marked')).toHaveCount(1);
    await page.getByRole('button', { name: 'Cancel' }).tap();
    await page.getByRole('dialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).tap();
    await expect(drawn(page, 'marked')).toHaveCount(0);

    await page.getByRole('button', { name: 'Delete', exact: true }).tap();
    await tapPlan(page, 350, 203);
    await page.getByRole('button', { name: 'Save' }).tap();
    await expect(page.getByText('Paths successfully deleted')).toBeVisible();
    await expect(drawn(page, 'saved')).toHaveCount(1);
    expect((await pathsOf(api, UNIT)).map((p) => p.id)).toEqual([saved[1]?.id]);

    // The tools are 44 px to a finger.
    const box = await page.getByRole('button', { name: 'Save' }).boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
  });

  test('paths drawn and saved offline survive a reload and are saved exactly once on reconnect', async ({ page, context }) => {
    test.setTimeout(180_000);
    const UNIT = 10; // Med-Surg – 4 East
    await signedInAs(page, 'tech');
    const api = await openCleared(page, UNIT);
    await serviceWorkerInControl(page);
    // Loaded once under the service worker, so the plan image is in its cache too.
    await page.reload();
    await expect(canvas(page)).toBeVisible();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Draw' }).tap();
    await tapPlan(page, 100, 300);
    await tapPlan(page, 400, 300);
    await expect(drawn(page, 'new')).toHaveCount(1);
    // Drawn and not saved: still there after a reload.
    await page.reload();
    await expect(drawn(page, 'new')).toHaveCount(1);
    await page.getByRole('button', { name: 'Save' }).tap();
    await expect(page.getByText('Saved on this device')).toBeVisible();
    await expect(drawn(page, 'pending')).toHaveCount(1);
    await expect(indicator(page)).toHaveText('Offline · 1 queued');

    await page.reload();
    await expect(indicator(page)).toHaveText('Offline · 1 queued');
    await expect(drawn(page, 'pending')).toHaveCount(1);
    await expect(page.getByTestId('path-row')).toContainText('Pending');

    await context.setOffline(false);
    await expect(indicator(page)).toHaveText('Online');
    await expect(drawn(page, 'saved')).toHaveCount(1);
    await expect(drawn(page, 'pending')).toHaveCount(0);
    const saved = await pathsOf(api, UNIT);
    expect(saved).toHaveLength(1);
    const devices = await devicesOf(api, UNIT);
    expectTapped(saved[0]?.origin, 100, 300, devices);
    expectTapped(saved[0]?.destination, 400, 300, devices);
  });
});

test('on a desktop, Escape leaves draw mode and the keyboard undoes, redoes and saves', async ({ page }) => {
  test.slow();
  const UNIT = 11; // Med-Surg – 4 West
  await signedInAs(page, 'tech');
  const api = await openCleared(page, UNIT);

  await page.getByRole('button', { name: 'Draw' }).click();
  await clickPlan(page, 300, 150);
  await clickPlan(page, 300, 450);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Draw' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('path-anchor')).toHaveCount(0);
  await expect(drawn(page, 'new')).toHaveCount(1);

  await page.keyboard.press('Control+z');
  await expect(drawn(page, 'new')).toHaveCount(0);
  await page.keyboard.press('Control+r');
  await expect(drawn(page, 'new')).toHaveCount(1);
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Paths successfully saved')).toBeVisible();
  expect(await pathsOf(api, UNIT)).toHaveLength(1);

  // The list deletes by keyboard too.
  await page.getByRole('button', { name: 'Delete path 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Keep path 1' })).toBeVisible();
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Paths successfully deleted')).toBeVisible();
  expect(await pathsOf(api, UNIT)).toHaveLength(0);

  await page.getByRole('button', { name: 'How to build paths' }).click();
  const tutorial = page.getByRole('dialog', { name: 'How to build paths' });
  await tutorial.getByRole('button', { name: 'Next' }).click();
  await tutorial.getByRole('button', { name: 'Next' }).click();
  await expect(tutorial).toContainText('Without signal');
  await tutorial.getByRole('button', { name: 'Done' }).click();
  await expect(tutorial).toHaveCount(0);
});

test('a location without a floor plan says so', async ({ page }) => {
  await signedInAs(page, 'tech', `${PATH}?groupId=4`);
  await expect(page.getByText('No floor plan for this location', { exact: true })).toBeVisible();
});
