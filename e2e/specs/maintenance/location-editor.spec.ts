import { expect, test, type Page } from '@playwright/test';
import type { EditorEntities } from '../../../server/src/contracts/editor';
import { apiAs, idTokenOf, serviceWorkerInControl } from '../../fixtures/api';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// The Location Editor as a technician uses it on a ward tablet: devices placed, moved and deleted
// by touch, a zone drawn, undone and redone, published; the same without signal through a reload;
// and a replacement made offline that meets one made online meanwhile. Each test has a unit of
// its own (no other browser test reads these units' devices), so they run side by side.

const PATH = '/app/maintenance/editor';
const canvas = (page: Page) => page.getByTestId('editor-canvas');
const indicator = (page: Page) => page.getByTestId('connectivity');
const onMap = (page: Page, state: string) => canvas(page).locator(`[data-state="${state}"]`);

/** A MAC no demo device has (the seed's MACs do not start with 0E:2E). */
const newMac = () =>
  ['0E', '2E', ...Array.from({ length: 4 }, () => Math.floor(Math.random() * 256).toString(16).padStart(2, '0').toUpperCase())].join(':');

/** Where plan point (x, y) is on screen, once the plan has held still for a frame. */
async function onScreen(page: Page, x: number, y: number) {
  const { box, width } = await canvas(page).evaluate(async (svg: SVGSVGElement) => {
    const read = () => {
      const r = svg.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width };
    };
    let box = read();
    for (let frame = 0; frame < 30; frame++) {
      await new Promise(requestAnimationFrame);
      const now = read();
      if (now.x === box.x && now.y === box.y && now.width === box.width) break;
      box = now;
    }
    return { box, width: svg.width.baseVal.value };
  });
  const k = box.width / width;
  return { x: box.x + x * k, y: box.y + y * k };
}

async function tapPlan(page: Page, x: number, y: number) {
  const at = await onScreen(page, x, y);
  await page.touchscreen.tap(at.x, at.y);
}

/**
 * A zone drawn with the Draw zone tool: each corner tapped once it is seen that the last one is
 * drawn, as a user taps them, then the first corner again to close the outline.
 */
async function drawOutline(page: Page, corners: readonly (readonly [number, number])[]) {
  const drawn = page.getByTestId('zone-outline').locator('circle');
  for (const [i, [x, y]] of corners.entries()) {
    await tapPlan(page, x, y);
    await expect(drawn).toHaveCount(i + 1);
  }
  const [first] = corners;
  if (first) await tapPlan(page, first[0], first[1]);
}

/**
 * A one-finger drag on the plan, as a touch screen sends it: the finger rests at the end before it
 * lifts, as it does on a device put in place (a finger lifted mid-flick would be a fling, and
 * Chromium spends the next tap on stopping it).
 */
async function dragPlan(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  const a = await onScreen(page, from.x, from.y);
  const b = await onScreen(page, to.x, to.y);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a.x, y: a.y, id: 0 }] });
  for (let i = 1; i <= 10; i += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: a.x + ((b.x - a.x) * i) / 10, y: a.y + ((b.y - a.y) * i) / 10, id: 0 }] });
  }
  for (let rest = 0; rest < 3; rest += 1) {
    // eslint-disable-next-line no-restricted-syntax -- the finger's rest is the input: a touch lifted without one is a fling
    await page.waitForTimeout(60);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: b.x, y: b.y, id: 0 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  // A DevTools session left open on the page makes a later offline reload start with navigator.onLine true.
  await cdp.detach();
}

const entitiesOf = (api: ReturnType<typeof apiAs>, groupId: number) => api.get<EditorEntities>(`/groups/editor?groupId=${groupId}`);

/**
 * A dialog closed as the user sees it: gone, and its overlay faded out with it. The overlay outlives
 * the dialog by its fade on a slow machine, and a press on the plan meanwhile lands on the overlay.
 */
async function closed(page: Page, dialog: ReturnType<Page['getByRole']>) {
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.mantine-Modal-overlay')).toHaveCount(0);
}

async function addDevice(page: Page, x: number, y: number, name: string, mac: string) {
  await page.getByRole('button', { name: 'Add device' }).tap();
  await tapPlan(page, x, y);
  const dialog = page.getByRole('dialog', { name: 'Add device' });
  await dialog.getByLabel('MAC address').fill(mac);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).tap();
  await closed(page, dialog);
}

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 1366 }, hasTouch: true, isMobile: true });
  test.beforeEach(() => test.slow());

  test('a device is placed, moved and deleted, a zone drawn, undone and redone, and both published', async ({ page }) => {
    const UNIT = 12; // Med-Surg – 5 East
    await signedInAs(page, 'tech', `${PATH}?groupId=${UNIT}`);
    const api = apiAs(page.request, await idTokenOf(page));
    await expect(canvas(page)).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).tap();

    const mac = newMac();
    const name = `Beacon ${mac.slice(-5)}`;
    await addDevice(page, 150, 330, name, mac);
    await expect(onMap(page, 'changed')).toHaveCount(1);

    // A zone: three corners, then the first again to close it.
    await page.getByRole('button', { name: 'Draw zone' }).tap();
    await drawOutline(page, [[60, 300], [260, 300], [260, 380]]);
    const zoneDialog = page.getByRole('dialog', { name: 'Add zone' });
    await zoneDialog.getByLabel('Name').fill(`Room ${mac.slice(-5)}`);
    await zoneDialog.getByRole('button', { name: 'Save' }).tap();
    await expect(onMap(page, 'changed')).toHaveCount(2);

    await page.getByRole('button', { name: 'Undo' }).tap();
    await expect(onMap(page, 'changed')).toHaveCount(1);
    await page.getByRole('button', { name: 'Redo' }).tap();
    await expect(onMap(page, 'changed')).toHaveCount(2);

    // Move the new device by dragging it (the Draw zone tool off again).
    await page.getByRole('button', { name: 'Draw zone' }).tap();
    await dragPlan(page, { x: 150, y: 330 }, { x: 420, y: 330 });
    const moved = canvas(page).locator('[data-entity-type="DEVICE"][data-state="changed"]');
    await expect.poll(async () => Number(await moved.getAttribute('data-x'))).toBeGreaterThan(400);

    await page.getByRole('button', { name: /^Publish/ }).tap();
    await expect(page.getByText(`Device "${name}" successfully added!`)).toBeVisible();
    await expect(page.getByText(`Zone "Room ${mac.slice(-5)}" successfully added!`)).toBeVisible();
    let stored = await entitiesOf(api, UNIT);
    const device = stored.devices.find((d) => d.mac === mac);
    expect(device).toMatchObject({ name, staged: false, type: 'BEACON' });
    expect(Math.abs((device?.x ?? 0) - 420)).toBeLessThan(10);
    expect(stored.zones.filter((z) => z.name === `Room ${mac.slice(-5)}`)).toHaveLength(1);

    // Delete it: Delete tool, a tap on it, Save.
    await page.getByRole('button', { name: 'Delete', exact: true }).tap();
    await tapPlan(page, device?.x ?? 0, device?.y ?? 0);
    await expect(onMap(page, 'removed')).toHaveCount(1);
    await page.getByRole('button', { name: 'Save' }).tap();
    await expect.poll(async () => (await entitiesOf(api, UNIT)).devices.some((d) => d.mac === mac)).toBe(false);
    stored = await entitiesOf(api, UNIT);
    expect(stored.zones.filter((z) => z.name === `Room ${mac.slice(-5)}`)).toHaveLength(1);

    // The tools are 44 px to a finger.
    const box = await page.getByRole('button', { name: 'Add device' }).boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
  });

  test('a device placed (kept through a reload) and a zone drawn offline survive a reload and are saved exactly once on reconnect', async ({ page, context }) => {
    test.setTimeout(180_000);
    const UNIT = 13; // Pediatrics – 2 West
    await signedInAs(page, 'tech', `${PATH}?groupId=${UNIT}`);
    const api = apiAs(page.request, await idTokenOf(page));
    await expect(canvas(page)).toBeVisible();
    await serviceWorkerInControl(page);
    // Loaded once under the service worker, so the plan image is in its cache too.
    await page.reload();
    await expect(canvas(page)).toBeVisible();
    await page.waitForLoadState('networkidle');

    await page.getByRole('button', { name: 'Edit' }).tap();
    const mac = newMac();
    const name = `Dispenser ${mac.slice(-5)}`;
    await addDevice(page, 200, 340, name, mac);
    // Not saved yet: the drawing is kept through a reload.
    await page.reload();
    await expect(onMap(page, 'changed')).toHaveCount(1);

    await context.setOffline(true);
    // The page says it is offline above the map (which moves the map down) before anything is drawn.
    await expect(page.getByTestId('offline-stamp')).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).tap();
    await page.getByRole('button', { name: 'Draw zone' }).tap();
    await drawOutline(page, [[40, 40], [160, 40], [160, 120]]);
    const zoneDialog = page.getByRole('dialog', { name: 'Add zone' });
    await zoneDialog.getByLabel('Name').fill(`Room ${mac.slice(-5)}`);
    await zoneDialog.getByRole('button', { name: 'Save' }).tap();
    await expect(onMap(page, 'changed')).toHaveCount(2);

    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await expect(page.getByText('Saved on this device')).toBeVisible();
    await expect(onMap(page, 'pending')).toHaveCount(2);
    await expect(indicator(page)).toHaveText('Offline · 2 queued');

    await page.reload();
    await expect(canvas(page)).toBeVisible();
    await expect(indicator(page)).toHaveText('Offline · 2 queued');
    await expect(onMap(page, 'pending')).toHaveCount(2);

    await context.setOffline(false);
    await expect(indicator(page)).toHaveText('Online');
    await expect(onMap(page, 'pending')).toHaveCount(0);
    const stored = await entitiesOf(api, UNIT);
    expect(stored.devices.filter((d) => d.mac === mac)).toEqual([expect.objectContaining({ name, staged: true })]);
    expect(stored.zones.filter((z) => z.name === `Room ${mac.slice(-5)}`)).toHaveLength(1);
  });
});

test.describe('a replacement made offline', () => {
  test.use({ viewport: { width: 1024, height: 1366 }, hasTouch: true, isMobile: true });

  test('that meets a replacement made online meanwhile shows both, and takes the server’s when asked', async ({ page, context, request }) => {
    test.setTimeout(180_000);
    const UNIT = 14; // PICU – 2 East
    await signedInAs(page, 'tech');
    const api = apiAs(request, await idTokenOf(page));
    const before = await entitiesOf(api, UNIT);
    const old = before.devices.find((d) => d.type === 'BEACON' && !d.staged && d.x !== null && d.y !== null);
    if (!old) throw new Error('no placed beacon in the unit');
    // Two spare beacons, live in the unit and not placed: one for each replacement.
    const [mine, theirs] = [newMac(), newMac()];
    const spare = (mac: string) => ({ entityType: 'DEVICE', mac, name: `Spare ${mac.slice(-5)}`, type: 'BEACON', groupId: UNIT, modelId: old.modelId, active: true, publish: true });
    await api.post(`/groups/editor?groupId=${UNIT}`, [spare(mine), spare(theirs)]);

    await page.goto(`${PATH}?groupId=${UNIT}`);
    await expect(canvas(page)).toBeVisible();
    await serviceWorkerInControl(page);
    await page.reload();
    await expect(canvas(page)).toBeVisible();
    await page.waitForLoadState('networkidle');

    // Offline, the technician swaps the beacon for their spare.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Edit' }).tap();
    await tapPlan(page, old.x ?? 0, old.y ?? 0);
    const dialog = page.getByRole('dialog', { name: 'Edit device' });
    await dialog.getByRole('button', { name: 'Change MAC' }).tap();
    await dialog.getByLabel('MAC address').fill(mine);
    await dialog.getByRole('button', { name: 'Save' }).tap();
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await expect(indicator(page)).toHaveText('Offline · 1 queued');

    // Meanwhile a colleague, online, swaps the same beacon for the other spare.
    const { id, version, x, y, name, modelId, firmwareVersionId, role, physicalRole, zoneId } = old;
    await api.post(`/groups/editor?groupId=${UNIT}`, [
      { entityType: 'DEVICE', id, baseVersion: version, mac: theirs, name, type: 'BEACON', groupId: UNIT, modelId, firmwareVersionId, role, physicalRole, zoneId, x, y, active: true, publish: true },
    ]);

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Review' }).tap();
    const conflict = page.getByRole('dialog', { name: 'Changed by someone else' });
    await expect(conflict).toContainText(`MAC: ${mine}`);
    await expect(conflict).toContainText('Replaced or removed by someone else');
    await expect(conflict.getByRole('button', { name: 'Keep mine' })).toBeDisabled();
    await conflict.getByRole('button', { name: 'Take the server’s' }).tap();
    await expect(conflict).toHaveCount(0);
    await expect(indicator(page)).toHaveText('Online');

    const after = await entitiesOf(api, UNIT);
    expect(after.devices.find((d) => d.mac === theirs)).toMatchObject({ x, y, name });
    expect(after.devices.find((d) => d.mac === mine)).toMatchObject({ x: null, y: null });
    expect(after.devices.some((d) => d.id === id)).toBe(false);
  });
});

test('on a desktop, Shift+click adds a device, Shift+drag draws a zone, Alt deletes, Ctrl+Z undoes and Escape cancels', async ({ page }) => {
  test.slow();
  const UNIT = 12; // Med-Surg – 5 East (nothing is saved here)
  await signedInAs(page, 'tech', `${PATH}?groupId=${UNIT}`);
  await expect(canvas(page)).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();

  const at = await onScreen(page, 120, 330);
  await page.keyboard.down('Shift');
  await page.mouse.click(at.x, at.y);
  await page.keyboard.up('Shift');
  await expect(page.getByRole('dialog', { name: 'Add device' })).toBeVisible();
  await page.keyboard.press('Escape');
  await closed(page, page.getByRole('dialog', { name: 'Add device' }));

  const from = await onScreen(page, 40, 300);
  const to = await onScreen(page, 200, 380);
  await page.keyboard.down('Shift');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  const zoneDialog = page.getByRole('dialog', { name: 'Add zone' });
  await zoneDialog.getByLabel('Name').fill('Rectangle room');
  await zoneDialog.getByRole('button', { name: 'Save' }).click();
  await closed(page, zoneDialog);
  await expect(onMap(page, 'changed')).toHaveCount(1);

  // Alt: delete mode; a click on the new zone's inside marks it.
  await page.keyboard.press('Alt');
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Control+z');
  await expect(onMap(page, 'changed')).toHaveCount(0);
  await page.keyboard.press('Control+r');
  await expect(onMap(page, 'changed')).toHaveCount(1);

  // Escape leaves the tool, then cancels: 'Discard changes?' and nothing is kept.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });
  await expect(discard).toContainText('Any unsaved changes will be lost.');
  await discard.getByRole('button', { name: 'Discard' }).click();
  await expect(onMap(page, 'changed')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
});
