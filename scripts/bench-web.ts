/**
 * `npm run bench:web`: what the first screens cost the browser.
 *
 * Builds the app (vite build into `.data-bench-web/dist`; `.data-bench-web` is removed first) and
 * starts it as the browser tests do (`scripts/start.ts`, port BENCH_WEB_PORT, default 8095, 7 days
 * of demo history, no live simulator). Then, for /auth and for /app/reports/overview (signed in as
 * the demo administrator through the sign-in screen):
 *
 * 1. JavaScript before the screen renders: the JavaScript responses (scripts and module preloads)
 *    that finished before the screen's own content first showed on a cold load (the sign-in form;
 *    the report's heading in the signed-in shell), in the bytes gzip sends, and all of the page's
 *    JavaScript once loaded. Target: at most 200 kB on /auth.
 * 2. Lighthouse (performance only, default mobile emulation and simulated throttling): score, the
 *    metrics it is made of, and LCP. Target: score at least 0.90 on both. The app is loaded as
 *    production serves it, over HTTPS with HTTP/2, through a TLS front before the server
 *    (scripts/bench/web-https-front.ts says why; BENCH_WEB_HTTP1=1 measures over plain HTTP/1.1
 *    instead). On a machine slower or faster than the desktop Lighthouse's default 4× CPU slowdown
 *    assumes (its benchmarkIndex), the runs are repeated with the slowdown Lighthouse's calibration
 *    rule gives for it, and both scores are printed, each judged against the target.
 *
 * And for Dispenser Activity's map (/app/reports/dispenser-activity on ICU – 3 North, given 300
 * more dispensers and a day of their dispenses in the database before the server first starts,
 * scripts/bench/dispenser-map-data.ts): the JavaScript before the map shows (its plan and all its
 * bars), Lighthouse as above (target 0.90), and, with the CPU slowed 4× (CDP
 * Emulation.setCPUThrottlingRate), the longest main-thread task and the frame intervals while the
 * map is zoomed with the wheel, dragged and pinched (target: no task of 50 ms or more).
 *
 * And for the Location Editor (/app/maintenance/editor on ICU – 3 South, filled to 500 devices and
 * 100 zones before the server first starts, scripts/bench/editor-floor-data.ts): in edit mode, with
 * the CPU slowed 4×, the longest task while a device is dragged with the mouse and another with a
 * finger, each dropped, and the plan panned (target: no task of 50 ms or more).
 *
 * Each figure is the median of BENCH_WEB_RUNS loads of the page (default 3).
 *
 * A missed target is marked OVER and still exits 0; only a failed measurement exits non-zero.
 * Everything it started is stopped at the end, on error and on Ctrl-C.
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, measureJs, type JsBytes } from './bench/web-js-bytes';
import {
  calibratedCpuSlowdown,
  clearCachesKeepingSession,
  DEFAULT_CPU_SLOWDOWN,
  launchChromeForLighthouse,
  runLighthouse,
  SCORE_METRICS,
  withDefaultContext,
  type LighthouseRun,
  type ScoreMetric,
} from './bench/web-lighthouse';
import { MAP_DISPENSERS, MAP_GROUP_ID, prepareDispenserMap } from './bench/dispenser-map-data';
import { dispenserMapShown, type GestureFigures, panAndZoom } from './bench/web-map-gestures';
import { EDITOR_DEVICES, EDITOR_GROUP_ID, EDITOR_ZONES, prepareEditorFloor } from './bench/editor-floor-data';
import { dragDevices, editorShown } from './bench/web-editor-drag';
import { HTTPS_FRONT_CHROMIUM_ARGS, startHttpsFront } from './bench/web-https-front';
import { buildApp, startWebServer } from './bench/web-server';
import { PAGE_IN_SHELL_SELECTOR, SIGN_IN_SCREEN_SELECTOR, signedInPageShown, signInAsAdmin, signInScreenShown } from './bench/web-sign-in';
import { percentile, table } from './bench/timing';
import { onCleanUp, runBench } from './bench/lifecycle';

const port = Number(process.env.BENCH_WEB_PORT ?? 8095);
const runs = Number(process.env.BENCH_WEB_RUNS ?? 3);
const overHttp1 = process.env.BENCH_WEB_HTTP1 === '1';
const DATA_DIR = '.data-bench-web';
const DEMO_HISTORY_DAYS = 7;
const JS_TARGET_BYTES = 200_000;
const SCORE_TARGET = 0.9;
const REPORT_PATH = '/app/reports/overview';
const MAP_PATH = '/app/reports/dispenser-activity';
const MAP_CPU_SLOWDOWN = 4;
const LONG_TASK_TARGET_MS = 50;
/** The map's address: the location given the benchmark's dispensers, on the day of their dispenses (set in main). */
let mapUrl = MAP_PATH;
const log = (line: string) => console.log(line);
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;


interface PageFigures {
  path: string;
  js: JsBytes[];
  lighthouse: LighthouseRun[];
  /** The same runs with the CPU slowdown calibrated to this machine, when it is not a desktop of the default's class. */
  calibrated?: LighthouseRun[];
}

/** The load with the median JavaScript before first render (nearest rank), so its other figures go with it. */
function medianLoad(loads: readonly JsBytes[]): JsBytes {
  const sorted = [...loads].sort((a, b) => a.beforeRender.bytes - b.beforeRender.bytes);
  return sorted[Math.max(0, Math.ceil(sorted.length / 2) - 1)] as JsBytes;
}

async function measureJavaScript(baseUrl: string): Promise<Map<string, JsBytes[]>> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  onCleanUp(() => browser.close());
  try {
    // No service worker: every load comes from the server, and sw.js is not the page's JavaScript.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const load = async (url: string, rendered: (page: Page) => Promise<void>, shownSelector: string) => {
      const page = await context.newPage();
      try {
        return await measureJs(page, url, rendered, shownSelector);
      } finally {
        await page.close();
      }
    };
    const auth: JsBytes[] = [];
    for (let i = 0; i < runs; i++) auth.push(await load(`${baseUrl}/auth`, signInScreenShown, SIGN_IN_SCREEN_SELECTOR));
    const signIn = await context.newPage();
    await signInAsAdmin(signIn, baseUrl);
    await signIn.close();
    const report: JsBytes[] = [];
    for (let i = 0; i < runs; i++) report.push(await load(`${baseUrl}${REPORT_PATH}`, (page) => signedInPageShown(page, REPORT_PATH), PAGE_IN_SHELL_SELECTOR));
    // The map has shown when its bars are on the plan: the JavaScript before it is what the map costs.
    const map: JsBytes[] = [];
    for (let i = 0; i < runs; i++) map.push(await load(`${baseUrl}${mapUrl}`, (page) => dispenserMapShown(page, MAP_DISPENSERS), '[data-dispenser-id]'));
    return new Map([
      ['/auth', auth],
      [REPORT_PATH, report],
      [MAP_PATH, map],
    ]);
  } finally {
    await browser.close();
  }
}

async function lighthouseRuns(baseUrl: string, cpuSlowdown: number): Promise<Map<string, LighthouseRun[]>> {
  const chrome = await launchChromeForLighthouse(baseUrl.startsWith('https:') ? HTTPS_FRONT_CHROMIUM_ARGS : []);
  onCleanUp(chrome.stop);
  try {
    const results = new Map<string, LighthouseRun[]>();
    const auth: LighthouseRun[] = [];
    for (let i = 0; i < runs; i++) auth.push(await runLighthouse(chrome.port, `${baseUrl}/auth`, false, cpuSlowdown));
    results.set('/auth', auth);

    // Signed in within the same Chrome; Lighthouse then keeps the session (no storage reset).
    await withDefaultContext(chrome.port, async (context) => {
      const page = await context.newPage();
      await signInAsAdmin(page, baseUrl);
      await page.close();
    });
    for (const [path, url] of [
      [REPORT_PATH, `${baseUrl}${REPORT_PATH}`],
      [MAP_PATH, `${baseUrl}${mapUrl}`],
    ] as const) {
      const loads: LighthouseRun[] = [];
      for (let i = 0; i < runs; i++) {
        await clearCachesKeepingSession(chrome.port, baseUrl);
        loads.push(await runLighthouse(chrome.port, url, true, cpuSlowdown));
      }
      results.set(path, loads);
    }
    return results;
  } finally {
    await chrome.stop();
  }
}

/**
 * On an iPad-sized touch screen, signed in as the administrator, BENCH_WEB_RUNS times: opens `path`
 * in a new page, waits for `shown`, lets it settle a second, and runs `gestures` on it.
 */
async function measureOnTablet(baseUrl: string, path: string, shown: (page: Page) => Promise<void>, gestures: (page: Page) => Promise<GestureFigures>): Promise<GestureFigures[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  onCleanUp(() => browser.close());
  try {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, hasTouch: true, serviceWorkers: 'block' });
    const signIn = await context.newPage();
    await signInAsAdmin(signIn, baseUrl);
    await signIn.close();
    const figures: GestureFigures[] = [];
    for (let i = 0; i < runs; i++) {
      const page = await context.newPage();
      try {
        await page.goto(`${baseUrl}${path}`);
        await shown(page);
        await page.waitForTimeout(1000);
        figures.push(await gestures(page));
      } finally {
        await page.close();
      }
    }
    return figures;
  } finally {
    await browser.close();
  }
}

/** Pans and zooms the map of 300+ dispensers. */
const measureGestures = (baseUrl: string) =>
  measureOnTablet(baseUrl, mapUrl, (page) => dispenserMapShown(page, MAP_DISPENSERS), (page) => panAndZoom(page, MAP_CPU_SLOWDOWN));

/** Drags devices on the Location Editor's plan of 500 devices and 100 zones. */
const measureEditorDrags = (baseUrl: string) =>
  measureOnTablet(
    baseUrl,
    `/app/maintenance/editor?groupId=${EDITOR_GROUP_ID}`,
    (page) => editorShown(page, EDITOR_DEVICES),
    async (page) => {
      const figures = await dragDevices(page, MAP_CPU_SLOWDOWN);
      // The moves stay in the page's draft: the next run starts from the server's plan again.
      await page.evaluate(() => {
        for (const key of Object.keys(localStorage)) if (key.startsWith('lavo.editor-draft:')) localStorage.removeItem(key);
      });
      return figures;
    },
  );

function printGestures(figures: GestureFigures[], title: string) {
  const longest = Math.max(...figures.map((f) => f.longestTaskMs));
  log('');
  log(title);
  log(
    table(
      ['run', 'longest task ms', `<${LONG_TASK_TARGET_MS}`, 'long tasks', 'frames', 'p95 frame ms', 'longest frame ms'],
      figures.map((f, i) => [
        String(i + 1),
        f.longestTaskMs === 0 ? 'none ≥50' : f.longestTaskMs.toFixed(0),
        f.longestTaskMs < LONG_TASK_TARGET_MS ? 'ok' : 'OVER',
        String(f.longTasks),
        String(f.frames),
        f.p95FrameMs.toFixed(1),
        f.longestFrameMs.toFixed(1),
      ]),
    ),
  );
  log(`  Longest main-thread task over all runs: ${longest === 0 ? 'none of 50 ms or more' : `${longest.toFixed(0)} ms`}.`);
}

const median = (values: number[]) => percentile(values, 50);

/** Each metric of the score as its median over the runs: value, score, points lost. */
function metricsLine(loads: readonly LighthouseRun[]): string {
  return (Object.keys(SCORE_METRICS) as ScoreMetric[])
    .map((metric) => {
      const value = median(loads.map((r) => r.metrics[metric].value));
      const score = median(loads.map((r) => r.metrics[metric].score));
      const weight = loads[0]?.metrics[metric].weight ?? 0;
      const shown = metric === 'CLS' ? value.toFixed(3) : `${Math.round(value).toLocaleString('en-US')} ms`;
      return `${metric} ${shown} (${score.toFixed(2)}, −${(weight * (1 - score)).toFixed(2)})`;
    })
    .join(', ');
}
const verdict = (score: number) => (score >= SCORE_TARGET ? 'ok' : 'OVER');

function print(pages: PageFigures[]) {
  const calibratedBy = pages[0]?.calibrated?.[0]?.cpuSlowdown;
  const rows = pages.map(({ path, js: loads, lighthouse, calibrated }) => {
    const js = medianLoad(loads);
    const score = median(lighthouse.map((r) => r.score));
    const lcp = median(lighthouse.map((r) => r.metrics.LCP.value));
    const jsVerdict = path === '/auth' ? (js.beforeRender.bytes <= JS_TARGET_BYTES ? 'ok' : 'OVER') : '—';
    const row = [
      path,
      `${kB(js.beforeRender.bytes)} (${js.beforeRender.files})`,
      jsVerdict,
      `${kB(js.afterLoad.bytes)} (${js.afterLoad.files})`,
      `${Math.round(js.fcpMs)}`,
      `${Math.round(js.renderedMs)}`,
      score.toFixed(2),
      verdict(score),
      `${Math.round(lcp).toLocaleString('en-US')}`,
    ];
    if (!calibrated) return row;
    const calibratedScore = median(calibrated.map((r) => r.score));
    return [...row, calibratedScore.toFixed(2), verdict(calibratedScore)];
  });
  const first = pages[0]?.lighthouse[0];
  const computed = pages.some((p) => p.js.some((load) => load.gzipComputed));
  const headings = ['page', 'JS before render (files)', '≤200 kB', 'JS after load (files)', 'FCP ms', 'render ms', `Lighthouse perf (CPU ${DEFAULT_CPU_SLOWDOWN}×)`, '≥0.90', 'LCP ms'];
  if (calibratedBy !== undefined) headings.push(`calibrated (CPU ${calibratedBy.toFixed(1)}×)`, '≥0.90');
  log('');
  log(table(headings, rows));
  log('');
  log(
    computed
      ? 'JS: bytes over the wire with gzip bodies: responses the server sent otherwise (brotli, which is smaller, or uncompressed) count as the headers sent plus the gzip -9 size of the body. 1 kB = 1,000 bytes.'
      : 'JS: bytes over the wire as the server sent them, compressed (DevTools protocol encodedDataLength). 1 kB = 1,000 bytes.',
  );
  log(
    `JS before render: responses finished before the screen's own content first showed (/auth: its form; the report: its heading in the shell; the map: its first dispenser bar) on a cold load (HTTP cache disabled, no service worker), desktop Chromium; the median of ${runs} loads per page, FCP ms and render ms being that load's first paint (index.html's first screen) and that moment.`,
  );
  for (const { path, js } of pages) log(`  ${path}: JS before render ${js.map((load) => kB(load.beforeRender.bytes)).join(', ')}`);
  log(`Lighthouse ${first?.version ?? ''}: performance only, default mobile emulation and simulated throttling; median of ${runs} runs per page (median of each figure).`);
  for (const { path, lighthouse, calibrated } of pages) {
    const line = (loads: LighthouseRun[]) => `scores ${loads.map((r) => r.score.toFixed(2)).join(' ')}; LCP ${loads.map((r) => Math.round(r.metrics.LCP.value)).join(' ')} ms`;
    log(`  ${path}: ${line(lighthouse)}${calibrated ? ` | calibrated: ${line(calibrated)}` : ''}`);
  }
  log(`Lighthouse's metrics (median of each; its score, and the points of the total it loses, weight × (1 − score)):`);
  for (const { path, lighthouse, calibrated } of pages) {
    log(`  ${path}: ${metricsLine(lighthouse)}`);
    if (calibrated) log(`  ${' '.repeat(path.length)}  calibrated: ${metricsLine(calibrated)}`);
  }
  const warnings = [...new Set(pages.flatMap((p) => p.lighthouse.flatMap((r) => r.warnings)))];
  for (const warning of warnings) log(`  Lighthouse warning: ${warning}`);
  if (first) log(`  Lighthouse benchmarkIndex of this machine: ${Math.round(first.benchmarkIndex)}`);
  if (calibratedBy !== undefined) {
    log(
      `  Calibrated: the default ${DEFAULT_CPU_SLOWDOWN}× slowdown is meant for a desktop of benchmarkIndex ~1,533; on this machine the device Lighthouse emulates is ${calibratedBy.toFixed(1)}× slower than the machine (Lighthouse's docs/throttling.md, "Calibrating the CPU slowdown").`,
    );
  }
}

async function main() {
  log(`Building the app into ${DATA_DIR}/dist (vite build)…`);
  const staticDir = await buildApp({ port, dataDir: DATA_DIR, demoHistoryDays: DEMO_HISTORY_DAYS });
  log(`Writing the demo database with ${MAP_DISPENSERS} more dispensers in location ${MAP_GROUP_ID}…`);
  const mapDay = await prepareDispenserMap(DATA_DIR);
  mapUrl = `${MAP_PATH}?groupId=${MAP_GROUP_ID}&startDate=${mapDay}&endDate=${mapDay}`;
  log(`Filling location ${EDITOR_GROUP_ID} to ${EDITOR_DEVICES} devices and ${EDITOR_ZONES} zones for the Location Editor…`);
  await prepareEditorFloor(DATA_DIR);
  log(`Starting it on port ${port} (${DATA_DIR}, ${DEMO_HISTORY_DAYS} days of demo history, no simulator)…`);
  const server = await startWebServer({ port, dataDir: DATA_DIR, demoHistoryDays: DEMO_HISTORY_DAYS }, staticDir);
  onCleanUp(server.stop);
  log(`Measuring the JavaScript before first render on ${server.url}…`);
  const js = await measureJavaScript(server.url);
  let lighthouseUrl = server.url;
  if (!overHttp1) {
    const front = await startHttpsFront(port, port + 2);
    onCleanUp(front.stop);
    lighthouseUrl = front.url;
  }
  log(`Running Lighthouse on ${lighthouseUrl} (${overHttp1 ? 'HTTP/1.1' : 'HTTPS, HTTP/2'}), ${runs} runs per page…`);
  const lighthouse = await lighthouseRuns(lighthouseUrl, DEFAULT_CPU_SLOWDOWN);
  // A machine slower or faster than the desktop the default slowdown assumes emulates a slower or
  // faster phone than Lighthouse means: the runs are repeated with the slowdown its calculator
  // gives for this machine.
  const index = median([...lighthouse.values()].flat().map((r) => r.benchmarkIndex));
  const slowdown = calibratedCpuSlowdown(index);
  let calibrated: Map<string, LighthouseRun[]> | null = null;
  if (slowdown !== null && Math.abs(slowdown - DEFAULT_CPU_SLOWDOWN) > 0.25) {
    log(`Running Lighthouse again with the CPU slowed ${slowdown.toFixed(1)}× (benchmarkIndex ${Math.round(index)}), ${runs} runs per page…`);
    calibrated = await lighthouseRuns(lighthouseUrl, Number(slowdown.toFixed(1)));
  }
  log(`Panning and zooming the Dispenser Activity map, ${runs} runs…`);
  const gestures = await measureGestures(server.url);
  log(`Dragging devices on the Location Editor's plan, ${runs} runs…`);
  const drags = await measureEditorDrags(server.url);
  print(
    ['/auth', REPORT_PATH, MAP_PATH].map((path) => ({
      path,
      js: js.get(path) as JsBytes[],
      lighthouse: lighthouse.get(path) as LighthouseRun[],
      calibrated: calibrated?.get(path),
    })),
  );
  printGestures(
    gestures,
    `Dispenser Activity map, ${MAP_DISPENSERS}+ dispensers on one plan, panned and zoomed (wheel, drag, pinch) with the CPU slowed ${MAP_CPU_SLOWDOWN}× (1024×768 touch, desktop Chromium):`,
  );
  printGestures(
    drags,
    `Location Editor, ${EDITOR_DEVICES} devices and ${EDITOR_ZONES} zones on one plan, in edit mode: a device dragged with the mouse, another with a finger, each dropped, then the plan panned, with the CPU slowed ${MAP_CPU_SLOWDOWN}× (1024×768 touch):`,
  );
}

await runBench('bench:web', main);
