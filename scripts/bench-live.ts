/**
 * `npm run bench:live`: whether the Stations page keeps up with a busy fleet of kiosk gateways.
 *
 * Builds the app (into `.data-bench-live/dist`; the directory is removed first) and starts it as the
 * browser tests do (`scripts/start.ts`, port BENCH_LIVE_PORT, default 8110, one day of demo history,
 * the kiosk gateway simulator with its control API and no activity of its own). In Chromium, signed
 * in as the demo administrator, it opens Stations for the whole network (the demo's 5 kiosk
 * gateways × 16 slots), waits until every session is Live and every panel is open, then has the
 * simulator dock, undock and update wristbands at BENCH_LIVE_RATE events a second (default 20) for
 * BENCH_LIVE_SECONDS (default 60), with the CPU slowed BENCH_LIVE_CPU_SLOWDOWN times (default 4, a
 * tablet rather than a workstation).
 *
 * It prints the events the simulator made, the state messages the page received (counted on the
 * page's WebSocket), the feed lines shown, whether every slot on screen ended as the simulator's
 * slot, and the longest main-thread task while it ran (Long Tasks API; target under 50 ms).
 * A missed target is marked OVER and still exits 0; only a failed measurement exits non-zero.
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './bench/web-js-bytes';
import { buildApp, startWebServer } from './bench/web-server';
import { signInAs } from './bench/web-sign-in';
import { table } from './bench/timing';
import { onCleanUp, runBench } from './bench/lifecycle';

const port = Number(process.env.BENCH_LIVE_PORT ?? 8110);
const rate = Number(process.env.BENCH_LIVE_RATE ?? 20);
const seconds = Number(process.env.BENCH_LIVE_SECONDS ?? 60);
/** CPU slow-down while measuring (Chromium's CPU throttling), 4 by default: a tablet, not a workstation. */
const cpuSlowdown = Number(process.env.BENCH_LIVE_CPU_SLOWDOWN ?? 4);
const controlPort = port + 3;
const DATA_DIR = '.data-bench-live';
const TARGET_MS = 50;
const WAIT_MS = 2 * 60_000;
const log = (line: string) => console.log(line);
const control = `http://127.0.0.1:${controlPort}`;


interface SimGateway {
  mac: string;
  name: string;
  stations: { name: string; slots: { slot: number; wristband: { mac: string } | null }[] }[];
}

async function simulator<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${control}${path}`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Counters the page keeps for the benchmark, installed before the app runs: the longest task
 * (PerformanceObserver 'longtask'), state messages arriving on any WebSocket, and feed lines added
 * (by entry id, so a line counts once however React inserts it). Plain JavaScript text: a function
 * compiled here would carry the compiler's helpers, which the page does not have.
 */
const INSTRUMENT = `(() => {
  const stats = { longest: 0, longTasks: 0, received: 0, shown: 0, measuring: false };
  window.__bench = stats;
  new PerformanceObserver((list) => {
    if (!stats.measuring) return;
    for (const entry of list.getEntries()) {
      stats.longTasks++;
      stats.longest = Math.max(stats.longest, entry.duration);
    }
  }).observe({ type: 'longtask', buffered: false });
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (event) => {
        if (stats.measuring && typeof event.data === 'string' && event.data.includes('client-gws-up-') && event.data.includes('DATA')) stats.received++;
      });
    }
  };
  const seen = new Set();
  new MutationObserver((records) => {
    if (!stats.measuring) return;
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const lines = [...node.querySelectorAll('[data-testid="feed-entry"]')];
        if (node.matches('[data-testid="feed-entry"]')) lines.push(node);
        for (const line of lines) {
          const id = line.getAttribute('data-entry');
          if (id && line.getAttribute('data-kind') !== 'JOIN' && !seen.has(id)) {
            seen.add(id);
            stats.shown++;
          }
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
})();`;

async function slotsOnScreen(page: Page): Promise<Map<string, string>> {
  const entries = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-testid="kiosk-panel"]')].flatMap((panel) =>
      [...panel.querySelectorAll<HTMLElement>('[data-slot]')].map((slot) => [`${panel.dataset.gateway}/${slot.dataset.slot}`, slot.dataset.wristband ?? ''] as const),
    ),
  );
  return new Map(entries);
}

async function main() {
  if (!(rate > 0) || !(seconds > 0) || !(cpuSlowdown >= 1)) {
    throw new Error('BENCH_LIVE_RATE and BENCH_LIVE_SECONDS must be positive numbers, BENCH_LIVE_CPU_SLOWDOWN at least 1');
  }
  log(`Building the app into ${DATA_DIR}/dist (vite build)…`);
  const options = {
    port,
    dataDir: DATA_DIR,
    demoHistoryDays: 1,
    env: { GATEWAY_SIMULATOR: 'on', GATEWAY_SIMULATOR_RATE: '0', GATEWAY_SIMULATOR_CONTROL_PORT: String(controlPort) },
  };
  const staticDir = await buildApp(options);
  log(`Starting it on port ${port}…`);
  const server = await startWebServer(options, staticDir);
  onCleanUp(server.stop);
  // The simulator starts once the API answers; wait for its control API too.
  const deadline = Date.now() + WAIT_MS;
  let gateways: SimGateway[] = [];
  while (gateways.length === 0) {
    gateways = await simulator<SimGateway[]>('GET', '/gateways').catch(() => []);
    if (Date.now() > deadline) throw new Error('the kiosk gateway simulator did not answer');
    if (gateways.length === 0) await new Promise((r) => setTimeout(r, 500));
  }

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  onCleanUp(() => browser.close());
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 1024 } })).newPage();
  await page.addInitScript({ content: INSTRUMENT });
  await signInAs(page, server.url, 'admin');
  await page.goto(`${server.url}/app/maintenance/stations?groupId=1`);
  const panels = page.getByTestId('kiosk-panel');
  await panels.first().waitFor({ timeout: WAIT_MS });
  const count = await panels.count();
  for (let i = 0; i < count; i++) {
    await panels.nth(i).getByTestId('session-state').getByText('Live').waitFor({ timeout: WAIT_MS });
    await panels.nth(i).getByRole('button').first().click();
  }
  await page.locator('[data-slot]').first().waitFor({ timeout: WAIT_MS });
  log(`${count} kiosk gateways Live; ${rate} events a second for ${seconds} s, CPU slowed ${cpuSlowdown}×…`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });

  await page.evaluate(() => ((window as unknown as { __bench: { measuring: boolean } }).__bench.measuring = true));
  const before = await simulator<{ events: number }>('GET', '/activity');
  await simulator('POST', '/activity', { eventsPerSecond: rate });
  await page.waitForTimeout(seconds * 1000);
  await simulator('POST', '/activity', { eventsPerSecond: 0 });
  const after = await simulator<{ events: number }>('GET', '/activity');
  // Let the last messages arrive and render.
  await page.waitForTimeout(1500);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const stats = await page.evaluate(() => (window as unknown as { __bench: { longest: number; longTasks: number; received: number; shown: number } }).__bench);

  const truth = new Map<string, string>();
  for (const g of await simulator<SimGateway[]>('GET', '/gateways')) {
    for (const station of g.stations) for (const s of station.slots) truth.set(`${g.mac}/${s.slot}`, s.wristband?.mac ?? '');
  }
  const screen = await slotsOnScreen(page);
  const checked = [...screen].filter(([key]) => truth.has(key));
  const wrong = checked.filter(([key, mac]) => truth.get(key) !== mac).length;

  log('');
  log(
    table(
      ['gateways', 'events made', 'state messages received', 'feed lines shown', 'slots on screen = simulator', 'longest task ms', 'long tasks', '< 50 ms'],
      [
        [
          String(count),
          String(after.events - before.events),
          String(stats.received),
          String(stats.shown),
          `${checked.length - wrong}/${checked.length}`,
          stats.longTasks === 0 ? '< 50 (none)' : stats.longest.toFixed(0),
          String(stats.longTasks),
          stats.longest < TARGET_MS ? 'ok' : 'OVER',
        ],
      ],
    ),
  );
  log('');
  log('Events made: docks, undocks and operation starts/ends the simulator made while measuring.');
  log('State messages received: gateway DATA messages that reached the page on its WebSocket.');
  log('Feed lines shown: feed entries added to the page (a started operation is not a feed event).');
  log('Longest task: the longest main-thread task the Long Tasks API reported (it reports tasks of 50 ms or more).');
  if (wrong > 0) throw new Error(`${wrong} slots on screen differ from the simulator's`);
}

await runBench('bench:live', main);
