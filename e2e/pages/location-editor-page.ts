import { expect, type Page } from '@playwright/test';
import type { EditorEntities } from '../../server/src/contracts/editor';
import type { apiAs } from '../fixtures/api';

// The Location Editor's plan as a finger or a mouse meets it: plan points on screen once the plan
// holds still, taps, outlines and drags as a touch screen sends them.

export const PATH = '/app/maintenance/editor';
export const canvas = (page: Page) => page.getByTestId('editor-canvas');
export const indicator = (page: Page) => page.getByTestId('connectivity');
export const onMap = (page: Page, state: string) => canvas(page).locator(`[data-state="${state}"]`);

/** A MAC no demo device has (the seed's MACs do not start with 0E:2E). */
export const newMac = () =>
  ['0E', '2E', ...Array.from({ length: 4 }, () => Math.floor(Math.random() * 256).toString(16).padStart(2, '0').toUpperCase())].join(':');

/** Where plan point (x, y) is on screen, once the plan has held still for a frame. */
export async function onScreen(page: Page, x: number, y: number) {
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

export async function tapPlan(page: Page, x: number, y: number) {
  const at = await onScreen(page, x, y);
  await page.touchscreen.tap(at.x, at.y);
}

/**
 * A zone drawn with the Draw zone tool: each corner tapped once it is seen that the last one is
 * drawn, as a user taps them, then the first corner again to close the outline.
 */
export async function drawOutline(page: Page, corners: readonly (readonly [number, number])[]) {
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
export async function dragPlan(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
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

export const entitiesOf = (api: ReturnType<typeof apiAs>, groupId: number) => api.get<EditorEntities>(`/groups/editor?groupId=${groupId}`);

/**
 * A dialog closed as the user sees it: gone, and its overlay faded out with it. The overlay outlives
 * the dialog by its fade on a slow machine, and a press on the plan meanwhile lands on the overlay.
 */
export async function closed(page: Page, dialog: ReturnType<Page['getByRole']>) {
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.mantine-Modal-overlay')).toHaveCount(0);
}
