import type { CDPSession, Page } from '@playwright/test';

const TIMEOUT_MS = 60_000;

/** Dispenser Activity's map has shown: its plan image loaded and at least `bars` bars on it. */
export async function dispenserMapShown(page: Page, bars: number): Promise<void> {
  await page.waitForFunction(
    (wanted) => {
      const image = document.querySelector<HTMLImageElement>('[data-floor-plan] img[data-plan-image]');
      return !!image && image.naturalWidth > 0 && document.querySelectorAll('[data-dispenser-id]').length >= wanted;
    },
    bars,
    { timeout: TIMEOUT_MS },
  );
}

/** What panning and zooming the map cost the main thread. */
export interface GestureFigures {
  /** The longest main-thread task during the gestures (PerformanceObserver 'longtask', which reports tasks of 50 ms and more; 0 when there was none). */
  longestTaskMs: number;
  longTasks: number;
  /** Frame intervals (requestAnimationFrame to requestAnimationFrame) during the gestures. */
  frames: number;
  p95FrameMs: number;
  longestFrameMs: number;
}

/**
 * Runs `act` with the CPU slowed `cpuSlowdown` times (CDP Emulation.setCPUThrottlingRate),
 * recording the main thread's long tasks and the frame intervals meanwhile.
 */
export async function recordMainThread(page: Page, cpuSlowdown: number, act: (cdp: CDPSession) => Promise<void>): Promise<GestureFigures> {
  const cdp = await page.context().newCDPSession(page);
  await page.evaluate(`(() => {
    window.__gesture = { longTasks: [], frames: [] };
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__gesture.longTasks.push(e.duration); }).observe({ type: 'longtask' });
    let last = performance.now();
    const tick = (now) => { window.__gesture.frames.push(now - last); last = now; if (!window.__gesture.done) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  })()`);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  try {
    await act(cdp);
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  }
  const { longTasks, frames } = (await page.evaluate(`(() => { window.__gesture.done = true; return window.__gesture; })()`)) as { longTasks: number[]; frames: number[] };
  // The first interval spans the set-up before the gestures.
  const intervals = frames.slice(1);
  const sorted = [...intervals].sort((a, b) => a - b);
  return {
    longestTaskMs: Math.max(0, ...longTasks),
    longTasks: longTasks.length,
    frames: intervals.length,
    p95FrameMs: sorted[Math.max(0, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN,
    longestFrameMs: Math.max(0, ...intervals),
  };
}

/**
 * Pans and zooms the map with the CPU slowed `cpuSlowdown` times: ten wheel steps in and out at its
 * centre, a mouse drag across it, and a two-finger pinch out and back (CDP Input.dispatchTouchEvent),
 * recording long tasks and frame intervals meanwhile.
 */
export async function panAndZoom(page: Page, cpuSlowdown: number): Promise<GestureFigures> {
  const map = page.locator('[data-floor-plan]');
  await map.scrollIntoViewIfNeeded();
  const box = await map.boundingBox();
  if (!box) throw new Error('the map is not laid out');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  return recordMainThread(page, cpuSlowdown, async (cdp) => {
    await page.mouse.move(cx, cy);
    for (let i = 0; i < 10; i++) {
      await page.mouse.wheel(0, -120);
      await page.waitForTimeout(50);
    }
    await page.mouse.down();
    for (let i = 1; i <= 30; i++) await page.mouse.move(cx - i * 8, cy - i * 4);
    await page.mouse.up();
    for (let i = 0; i < 10; i++) {
      await page.mouse.wheel(0, 120);
      await page.waitForTimeout(50);
    }
    const fingers = (spread: number) => [
      { x: cx - spread, y: cy, id: 0 },
      { x: cx + spread, y: cy, id: 1 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(30) });
    for (let spread = 35; spread <= 180; spread += 5) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
    for (let spread = 175; spread >= 30; spread -= 5) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(spread) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForTimeout(500);
  });
}
