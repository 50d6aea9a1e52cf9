import type { Page } from '@playwright/test';
import { type GestureFigures, recordMainThread } from './web-map-gestures';

const TIMEOUT_MS = 60_000;

/** The Location Editor's map has shown at least `devices` devices. */
export async function editorShown(page: Page, devices: number): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const image = document.querySelector<HTMLImageElement>('[data-floor-plan] img[data-plan-image]');
      return !!image && image.naturalWidth > 0 && document.querySelectorAll('[data-entity-type="DEVICE"]').length >= wanted;
    },
    devices,
    { timeout: TIMEOUT_MS },
  );
}

/** Where a device's dot is on screen: the `index`-th of the map's devices. */
async function deviceAt(page: Page, index: number): Promise<{ x: number; y: number }> {
  const box = await page.locator('[data-entity-type="DEVICE"] circle').nth(index).boundingBox();
  if (!box) throw new Error('the device is not laid out');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * In edit mode, with the CPU slowed `cpuSlowdown` times: a device dragged across the plan with the
 * mouse, another with a finger (CDP Input.dispatchTouchEvent), each dropped (the drop saves the
 * move in the draft), then the plan panned; long tasks and frame intervals meanwhile.
 */
export async function dragDevices(page: Page, cpuSlowdown: number): Promise<GestureFigures> {
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Add device' }).waitFor();
  const first = await deviceAt(page, 10);
  const second = await deviceAt(page, 200);
  const map = await page.locator('[data-floor-plan]').boundingBox();
  if (!map) throw new Error('the map is not laid out');
  return recordMainThread(page, cpuSlowdown, async (cdp) => {
    await page.mouse.move(first.x, first.y);
    await page.mouse.down();
    for (let i = 1; i <= 40; i++) await page.mouse.move(first.x + i * 4, first.y + i * 2);
    await page.mouse.up();
    await page.waitForTimeout(500);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: second.x, y: second.y, id: 0 }] });
    for (let i = 1; i <= 40; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: second.x - i * 3, y: second.y + i * 2, id: 0 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForTimeout(500);
    // A pan from the plan's corner (no device there).
    await page.mouse.move(map.x + 8, map.y + map.height - 8);
    await page.mouse.down();
    for (let i = 1; i <= 30; i++) await page.mouse.move(map.x + 8 + i * 6, map.y + map.height - 8 - i * 3);
    await page.mouse.up();
    await page.waitForTimeout(500);
  });
}
