import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs, idTokenOf, serviceWorkerInControl } from '../../fixtures/api';
import { ReportsPage } from '../../pages/reports-page';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// Dispenser Activity as the hospital administrator of St. Mary's uses it: a unit with a floor plan
// (ICU – 3 North, location 6), the Main Tower building without one (location 4).

const PATH = '/app/reports/dispenser-activity';
const UNIT = { id: 6, name: 'ICU – 3 North' };
const BUILDING_WITHOUT_PLAN = 4;

interface Activity {
  floorplanImage: string | null;
  dispensers: { id: number; name: string; count: number; x: number | null; y: number | null }[];
}

const bars = (page: Page) => page.locator('[data-dispenser-id]');
const map = (page: Page) => page.locator('[data-floor-plan]');
const detail = (page: Page) => page.getByTestId('dispenser-detail');
const planImage = (page: Page) => map(page).locator('img[data-plan-image]');

// Signing in, the report and the plan: more than the default minute on a busy machine.
test.beforeEach(() => test.slow());

/** The map's zoom: the scale of the transform on the plan's wrapper. */
async function mapScale(page: Page): Promise<number> {
  return page.getByTestId('floor-plan-content').evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
}

/** What the API answers for the page's location and range, as the page asked for it. */
async function activityFromApi(page: Page): Promise<Activity> {
  const search = new URL(page.url()).searchParams;
  const query = new URLSearchParams({ groupId: search.get('groupId') ?? '', startDate: search.get('startDate') ?? '', endDate: search.get('endDate') ?? '' });
  return apiAs(page.request, await idTokenOf(page)).get<Activity>(`/dispensers/group/activity?${query}`);
}

async function chooseLocation(page: Page, name: string) {
  await page.getByRole('button', { name: /^Location/ }).click();
  await page.getByLabel('Search').fill(name);
  await page.getByRole('button', { name, exact: true }).click();
}

/** The bar of the busiest dispenser. */
async function busiestBar(page: Page, activity: Activity): Promise<{ bar: Locator; id: number; name: string }> {
  const placed = activity.dispensers.filter((d) => d.x !== null && d.y !== null);
  const busiest = placed.reduce((a, b) => (b.count > a.count ? b : a));
  return { bar: page.locator(`[data-dispenser-id="${busiest.id}"]`), id: busiest.id, name: busiest.name };
}

test.describe('on a desktop', () => {
  test('a location shows its dispensers as bars on its plan, and a chosen one its hourly activity', async ({ page }) => {
    await signedInAs(page, 'manager');
    await new ReportsPage(page).goto(PATH);
    // The manager's own location, the hospital, has no floor plan of its own.
    await expect(page.getByRole('button', { name: /^Location St\. Mary's Hospital/ })).toBeVisible();
    await expect(page.getByText('No floor plan for this location', { exact: true })).toBeVisible();

    await chooseLocation(page, UNIT.name);
    await expect(page).toHaveURL(new RegExp(`groupId=${UNIT.id}`));
    const activity = await activityFromApi(page);
    expect(activity.floorplanImage).toBeTruthy();
    const placed = activity.dispensers.filter((d) => d.x !== null && d.y !== null);
    expect(placed.length).toBeGreaterThan(0);
    await expect(bars(page)).toHaveCount(placed.length);
    await expect.poll(() => planImage(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The busiest dispenser's bar is the tallest, 130 px on the plan; one without dispenses 2 px.
    const { bar, id, name } = await busiestBar(page, activity);
    await expect(bar.locator('[data-bar-height]')).toHaveAttribute('data-bar-height', '130');
    await bar.click();
    await expect(page).toHaveURL(new RegExp(`deviceId=${id}`));
    await expect(detail(page)).toBeVisible();
    await expect(page.getByRole('region', { name })).toBeVisible();
    await expect(page.getByTestId('hourly-chart').locator('svg.recharts-surface').first()).toBeVisible();

    // The legend follows Color By.
    await page.getByRole('button', { name: 'Dispenser Type' }).click();
    await expect(page.getByRole('list', { name: 'Legend: dispenser type' })).toContainText('Sanitizer');
    await expect(page.getByRole('list', { name: 'Legend: dispenser type' })).toContainText('Soap');

    // The list: 20 a page, exportable; turning off the map leaves the list, which cannot be turned off then.
    const list = page.getByRole('table', { name: 'Dispenser activity' });
    await expect(list.locator('tbody tr')).toHaveCount(Math.min(20, activity.dispensers.length));
    await expect(page.getByRole('button', { name: /Export CSV/ })).toBeVisible();
    await page.getByRole('button', { name: 'Map', exact: true }).click();
    await expect(map(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await expect(page.getByRole('button', { name: 'List', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(list).toBeVisible();

    // Another location chooses no dispenser.
    await chooseLocation(page, 'ICU – 3 South');
    await expect(page).toHaveURL(/groupId=7/);
    expect(new URL(page.url()).searchParams.has('deviceId')).toBe(false);
  });

  test('a link naming a dispenser opens its card; a location without a plan says so', async ({ page }) => {
    await signedInAs(page, 'manager', `${PATH}?groupId=${UNIT.id}`);
    await expect(bars(page).first()).toBeAttached();
    const activity = await activityFromApi(page);
    const { id, name } = await busiestBar(page, activity);
    const search = new URL(page.url()).searchParams;
    await page.goto(`${PATH}?groupId=${UNIT.id}&deviceId=${id}&startDate=${search.get('startDate')}&endDate=${search.get('endDate')}`);
    await expect(page.getByRole('region', { name })).toBeVisible();
    await expect(detail(page)).toContainText('Hourly activity');

    await page.goto(`${PATH}?groupId=${BUILDING_WITHOUT_PLAN}`);
    await expect(page.getByText('No floor plan for this location', { exact: true })).toBeVisible();
    await expect(map(page)).toHaveCount(0);
  });

  test('opened offline, the report shows the cached answer with its date, on its plan', async ({ page, context }) => {
    await signedInAs(page, 'manager', `${PATH}?groupId=${UNIT.id}`);
    await serviceWorkerInControl(page);
    // Loaded once under the service worker, so the plan image is in its cache too.
    await page.reload();
    await expect(bars(page).first()).toBeAttached();
    await expect.poll(() => planImage(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const count = await bars(page).count();
    await expect(new ReportsPage(page).busySections()).toHaveCount(0);

    await context.setOffline(true);
    await page.reload();
    await expect(new ReportsPage(page).offlineStamp()).toContainText('offline — as of');
    await expect(bars(page)).toHaveCount(count);
    await expect.poll(() => planImage(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByText('Could not load')).toHaveCount(0);
    await context.setOffline(false);
  });
});

test.describe('on an iPad', () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true, isMobile: true });

  test('a tap chooses a dispenser, and two fingers moving apart zoom the plan', async ({ page }) => {
    await signedInAs(page, 'manager', `${PATH}?groupId=${UNIT.id}`);
    await expect(bars(page).first()).toBeAttached();
    await expect.poll(() => planImage(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

    // The zoom buttons are 44 px.
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    const size = await zoomIn.boundingBox();
    expect(size?.width).toBeGreaterThanOrEqual(44);
    expect(size?.height).toBeGreaterThanOrEqual(44);

    // Every bar, a quiet one too, is at least 44 px to a finger at the fitted size (the drawing is not changed).
    const sizes = await bars(page).evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(43.9);

    const activity = await activityFromApi(page);
    const { bar, id } = await busiestBar(page, activity);
    await bar.tap();
    await expect(page).toHaveURL(new RegExp(`deviceId=${id}`));
    await expect(page.getByTestId('hourly-chart')).toBeVisible();

    // Pinch: two touch points at the map's centre moving apart.
    const box = await map(page).boundingBox();
    if (!box) throw new Error('the map is not laid out');
    await map(page).scrollIntoViewIfNeeded();
    const placed = await map(page).boundingBox();
    if (!placed) throw new Error('the map is not laid out');
    const cx = placed.x + placed.width / 2;
    const cy = placed.y + placed.height / 2;
    const before = await mapScale(page);
    const cdp = await page.context().newCDPSession(page);
    const fingers = (spread: number) => [
      { x: cx - spread, y: cy, id: 0 },
      { x: cx + spread, y: cy, id: 1 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(30) });
    for (let spread = 40; spread <= 150; spread += 10) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
    }
    // While the plan moves the bars' buttons step aside (they are not tapped mid-gesture) ...
    await expect(map(page)).toHaveAttribute('data-moving', '');
    await expect(bar).toBeHidden();
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect.poll(() => mapScale(page)).toBeGreaterThan(before * 1.5);
    // ... and are back once it has settled.
    await expect(map(page)).not.toHaveAttribute('data-moving');
    await expect(bar).toBeVisible();
  });
});

test.describe('with a mouse', () => {
  test('the wheel scrolls the page over the plan; with Ctrl it zooms, and zooming out stops at the fitted plan', async ({ page }) => {
    await signedInAs(page, 'manager', `${PATH}?groupId=${UNIT.id}`);
    await expect(bars(page).first()).toBeAttached();
    await expect.poll(() => planImage(page).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await map(page).scrollIntoViewIfNeeded();
    const fitted = await mapScale(page);
    const box = await map(page).boundingBox();
    if (!box) throw new Error('the map is not laid out');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);

    // The wheel alone: the page scrolls (up when it can, else down), the plan keeps its zoom.
    const { scrollY, room } = await page.evaluate(() => ({ scrollY: window.scrollY, room: document.documentElement.scrollHeight - window.innerHeight - window.scrollY }));
    expect(scrollY + room, 'the page is taller than the window').toBeGreaterThan(0);
    const delta = scrollY > 0 ? -Math.min(scrollY, 120) : Math.min(room, 120);
    await page.mouse.wheel(0, delta);
    await expect.poll(() => page.evaluate(() => window.scrollY)).not.toBe(scrollY);
    expect(await mapScale(page)).toBeCloseTo(fitted, 5);

    // With Ctrl (as a trackpad's pinch sends it): it zooms in at the pointer ...
    const placed = (await map(page).boundingBox())!;
    await page.mouse.move(placed.x + placed.width / 2, placed.y + placed.height / 2);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -400);
    await expect.poll(() => mapScale(page)).toBeGreaterThan(fitted * 1.2);
    // ... and out no further than the fitted plan, however far the wheel turns.
    for (let i = 0; i < 6; i += 1) await page.mouse.wheel(0, 800);
    await page.keyboard.up('Control');
    await expect.poll(() => mapScale(page)).toBeLessThan(fitted * 1.01);
    // A small give past the fitted size while the wheel turns, settling back to it.
    await expect.poll(() => mapScale(page)).toBeGreaterThanOrEqual(fitted * 0.99);
  });
});
