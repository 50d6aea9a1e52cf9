import { expect, test, type Page } from '@playwright/test';
import { apiAs, idTokenOf, serviceWorkerInControl } from '../../fixtures/api';
import { signedInAs } from '../../fixtures/session';
import { noteToasts, toastsSeen } from '../../fixtures/toasts';
import { PATH, canvas, closed, dragPlan, drawOutline, entitiesOf, indicator, newMac, onMap, onScreen, tapPlan } from '../../pages/location-editor-page';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// The Location Editor as a technician uses it on a ward tablet: devices placed, moved and deleted
// by touch, a zone drawn, undone and redone, published; the same without signal through a reload;
// and the desktop's shortcuts. Each test has a unit of its own (no other browser test reads these
// units' devices), so they run side by side; conflicts are in location-editor-conflicts.spec.ts.

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

  test('the technician opens on the first location with a floor plan among those they manage', async ({ page }) => {
    await signedInAs(page, 'tech', PATH);
    await expect(canvas(page)).toBeVisible();
    await expect(page.getByRole('search', { name: 'Editor filters' }).getByRole('button', { name: /^Location / })).not.toHaveText(/Select a location/);
    await expect(page.getByText('Choose a location to edit its devices and zones.')).toHaveCount(0);
  });

  test('a device is placed, moved and deleted, a zone drawn, undone and redone, and both published', async ({ page }) => {
    const UNIT = 12; // Med-Surg – 5 East
    await signedInAs(page, 'tech', `${PATH}?groupId=${UNIT}`);
    const api = apiAs(page.request, await idTokenOf(page));
    await expect(canvas(page)).toBeVisible();
    await page.getByRole('button', { name: 'Edit' }).tap();
    // A touch screen is not told of keys it has not got: the toolbar adds devices and zones.
    await expect(page.getByTestId('editor-hint')).toHaveText('Drag a device to move it; tap a device, IoT device or zone to edit it.');

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

    await noteToasts(page);
    await page.getByRole('button', { name: /^Publish/ }).tap();
    await expect.poll(() => toastsSeen(page)).toEqual(
      expect.arrayContaining([expect.stringContaining(`Device "${name}" successfully added!`), expect.stringContaining(`Zone "Room ${mac.slice(-5)}" successfully added!`)]),
    );
    await expect(onMap(page, 'changed')).toHaveCount(0);
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

    const planBefore = await canvas(page).boundingBox();
    await context.setOffline(true);
    // The page says it is offline over the map, before anything is drawn; the plan stays where the finger is.
    await expect(page.getByTestId('offline-stamp')).toBeVisible();
    expect((await canvas(page).boundingBox())?.y).toBe(planBefore?.y);
    await page.getByRole('button', { name: 'Edit' }).tap();
    await page.getByRole('button', { name: 'Draw zone' }).tap();
    await drawOutline(page, [[40, 40], [160, 40], [160, 120]]);
    const zoneDialog = page.getByRole('dialog', { name: 'Add zone' });
    await zoneDialog.getByLabel('Name').fill(`Room ${mac.slice(-5)}`);
    await zoneDialog.getByRole('button', { name: 'Save' }).tap();
    await expect(onMap(page, 'changed')).toHaveCount(2);

    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    const toast = page.getByText('Saved on this device');
    await expect(toast).toBeVisible();
    await expect(onMap(page, 'pending')).toHaveCount(2);
    await expect(indicator(page)).toHaveText('Offline · 2 queued');
    // The toast comes to rest below the header (it slides in from above): the queued count beside it stays in view.
    await expect
      .poll(async () => {
        const [toastBox, statusBox] = [await toast.boundingBox(), await indicator(page).boundingBox()];
        return toastBox!.y - (statusBox!.y + statusBox!.height);
      })
      .toBeGreaterThanOrEqual(0);

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

test('on a desktop, Shift+click adds a device, Shift+drag draws a zone, Alt deletes, Ctrl+Z undoes and Escape cancels', async ({ page }) => {
  test.slow();
  const UNIT = 12; // Med-Surg – 5 East (nothing is saved here)
  await signedInAs(page, 'tech', `${PATH}?groupId=${UNIT}`);
  await expect(canvas(page)).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByTestId('editor-hint')).toContainText('Shift+click adds a device, Shift+drag draws a rectangular zone.');

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
