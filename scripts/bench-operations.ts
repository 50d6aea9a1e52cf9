/**
 * `npm run bench:operations`: a settings change and a firmware update on 1,000 dispensers of one
 * location, carried out by the simulated gateways while the Dispenser Operations page follows them.
 *
 * Builds the app (vite build into `.data-bench-operations/dist`; the directory is removed first)
 * and, before the server first starts, writes its database (scripts/bench/operations-data.ts):
 * BENCH_OPERATIONS_DEVICES dispensers (default 1,000) in Infusion Center (location 19), in a grid on
 * its floor plan, running an older firmware than their model's latest, heard now, battery 2900 mV;
 * every 50th at 2200 mV, which the simulated gateways refuse to update (docs/OPERATIONS.md 'The
 * simulator'). Starts it as the browser tests do (`scripts/start.ts`, port BENCH_OPERATIONS_PORT,
 * default 8140, one day of demo history) with the gateway simulator playing operations every second
 * and no kiosk activity of its own, at a lower CPU priority than the browser (nice 10,
 * BENCH_OPERATIONS_NICENESS; 0 for the same): on this machine they share the cores with the page,
 * where a technician's tablet has its own while the server runs elsewhere. In Chromium on a
 * 1024×1366 tablet, signed in as the demo technician, it opens Dispenser Operations on the location
 * and, once it has settled, collects its garbage (the load's, not the measure's). Then, with the
 * page's CPU slowed 4×, it queues through the API what the page's outbox sends for each device
 * (`POST /settings` with LED Color green, then `POST /operations` with a SETTING and a DFU), 4
 * devices at a time, and waits until every device's last operation (its DFU) is done or failed
 * (BENCH_OPERATIONS_LIMIT_S, default 600 s, then it is reported not finished).
 *
 * It prints the time to queue, each call's p50/p95/max, the time until every device is final,
 * whether each ended as the simulator's rule says (failed for low battery with the simulator's
 * reason; else the latest firmware and its settings in sync), the events the page applied against
 * those the server published, and the page's longest main-thread task (target under 50 ms) and
 * frame intervals meanwhile.
 *
 * A missed target is marked OVER and still exits 0; only a failed measurement exits non-zero.
 * Everything it started is stopped at the end, on error and on Ctrl-C.
 */
import { chromium, type Page } from '@playwright/test';
import type { GatewayOperation, OperableDevice } from '../server/src/contracts/operations';
import { FAILURES, nextReport } from '../server/src/simulator/gateways/operations-player';
import { readWorldFile, simulatorFiles } from '../server/src/simulator/world';
import { idTokenOf } from './bench/api-sign-in';
import { listDispensers, queueAll, type CallResult, type QueueRun } from './bench/operations-api';
import { OPS_GROUP_ID, prepareOperationsFleet, type OperationsFleet } from './bench/operations-data';
import { recordMainThread, type GestureFigures } from './bench/web-map-gestures';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './bench/web-js-bytes';
import { buildApp, startWebServer } from './bench/web-server';
import { signInAs } from './bench/web-sign-in';
import { percentile, table } from './bench/timing';
import { onCleanUp, runBench } from './bench/lifecycle';

const port = Number(process.env.BENCH_OPERATIONS_PORT ?? 8140);
const deviceCount = Number(process.env.BENCH_OPERATIONS_DEVICES ?? 1000);
const limitMs = Number(process.env.BENCH_OPERATIONS_LIMIT_S ?? 600) * 1000;
const DATA_DIR = '.data-bench-operations';
const DEMO_HISTORY_DAYS = 1;
const PAGE_PATH = '/app/maintenance/dispenser-operations';
const CPU_SLOWDOWN = 4;
/** The server and the simulator run at this lower CPU priority than the browser (web-server.ts `niceness`); 0: the same. */
const SERVER_NICENESS = Number(process.env.BENCH_OPERATIONS_NICENESS ?? 10);
const LONG_TASK_TARGET_MS = 50;
/** Items the outbox sends at once (src/offline/outbox.ts REPLAY_CONCURRENCY). */
const REPLAY_CONCURRENCY = 4;
const SETTING = { label: 'LED Color', desired: 0x00_ff_00 };
const DESCRIPTION = 'Bench';
/** Events the server publishes for an operation carried out: SETTING pending, working, done; DFU pending, working 0, 25, 50, 75, done. */
const EVENTS_DONE = { SETTING: 3, DFU: 6 } as const;
/** And for one the gateway refuses: pending, failed. */
const EVENTS_FAILED = 2;
const POLL_MS = 2000;
const WAIT_MS = 2 * 60_000;
/** After the server's last change, how long the page may take to apply what is still on its way. */
const PAGE_SETTLE_MS = 60_000;
const PAGE_QUIET_MS = 10_000;
const log = (line: string) => console.log(line);
// The database is the PGlite one written here before the server starts, whatever the caller's DATABASE_URL.
delete process.env.DATABASE_URL;
// Node 20 is this project's runtime; the AWS SDK's notice about its future Node 22 floor is known.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');


/**
 * Counts, installed before the app runs, the operation events arriving on the page's WebSocket
 * (Pusher protocol messages on a private-operations-{id} channel) and the channels it joined.
 * Plain JavaScript text: a function compiled here would carry the compiler's helpers.
 */
const INSTRUMENT = `(() => {
  const stats = { socketEvents: 0, subscribed: [] };
  window.__opsBench = stats;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (event) => {
        if (typeof event.data !== 'string' || !event.data.includes('private-operations-')) return;
        let message;
        try { message = JSON.parse(event.data); } catch { return; }
        if (message.event === 'pusher_internal:subscription_succeeded') stats.subscribed.push(message.channel);
        else if (message.event === 'SETTING' || message.event === 'DFU' || message.event === 'TRANSFER') stats.socketEvents++;
      });
    }
  };
})();`;

interface PageCounts {
  applied: number;
  onSocket: number;
}

async function pageCounts(page: Page): Promise<PageCounts> {
  return page.evaluate(() => ({
    applied: Number(document.querySelector('[data-testid="operations-page"]')?.getAttribute('data-events-received') ?? NaN),
    onSocket: (window as unknown as { __opsBench?: { socketEvents: number } }).__opsBench?.socketEvents ?? NaN,
  }));
}

/** Whether the simulated gateways will refuse a device's operations, by their own rule (operations-player.ts `nextReport`). */
function refused(device: OperableDevice, now: number): string | null {
  const op: GatewayOperation = {
    id: 0,
    deviceId: device.id,
    mac: device.mac,
    type: 'DFU',
    status: 'PENDING',
    progress: 0,
    settings: null,
    firmwareVersion: null,
    batteryPercent: device.batteryPercent,
    batteryMv: device.batteryMv,
    lastHeartbeatAt: device.lastHeartbeatAt,
  };
  const report = nextReport(op, now);
  return report?.status === 'FAILED' ? (report.message ?? 'failed') : null;
}

/** The benchmark's dispensers as the server lists them, checked against what was written. */
async function benchDevices(baseUrl: string, token: string, fleet: OperationsFleet): Promise<OperableDevice[]> {
  const macs = new Set(fleet.macs);
  const listed = (await listDispensers(baseUrl, token, OPS_GROUP_ID)).filter((d) => macs.has(d.mac));
  if (listed.length !== fleet.macs.length) throw new Error(`the server lists ${listed.length} of the ${fleet.macs.length} benchmark dispensers`);
  const off = listed.filter(
    (d) =>
      d.batteryMv !== (fleet.lowBattery.has(d.mac) ? 2200 : 2900) ||
      d.firmware.current?.version !== fleet.fromVersion ||
      d.firmware.latest?.version !== fleet.latestVersion ||
      d.lastStatus !== null,
  );
  if (off.length > 0) {
    const d = off[0] as OperableDevice;
    throw new Error(
      `${off.length} benchmark dispensers are not as written before the server started, e.g. ${d.mac}: ${d.batteryMv} mV, firmware ${d.firmware.current?.version} (latest ${d.firmware.latest?.version}), last status ${d.lastStatus?.status ?? 'none'}`,
    );
  }
  return listed;
}

/** The gateways the simulator plays (from the world file the API server wrote at start) that hear the location. */
async function locationGateways(): Promise<string[]> {
  const world = await readWorldFile(simulatorFiles(DATA_DIR).world);
  return world.devices.filter((d) => d.type === 'GATEWAY' && d.groupId === OPS_GROUP_ID).map((d) => d.mac);
}

interface Outcome {
  /** From the first queue call to the poll that found every device final; null when the limit came first. */
  finalMs: number | null;
  devices: OperableDevice[];
}

/** Polls the location's list until every device's last operation is final, or the limit. */
async function waitUntilFinal(baseUrl: string, token: string, ids: Set<number>, startedAt: number): Promise<Outcome> {
  let lastLog = performance.now();
  for (;;) {
    const devices = (await listDispensers(baseUrl, token, OPS_GROUP_ID)).filter((d) => ids.has(d.id));
    const now = performance.now();
    const final = devices.filter((d) => d.lastStatus?.type === 'DFU' && (d.lastStatus.status === 'done' || d.lastStatus.status === 'failed'));
    if (final.length === ids.size) return { finalMs: now - startedAt, devices };
    if (now - startedAt > limitMs) return { finalMs: null, devices };
    if (now - lastLog > 10_000) {
      lastLog = now;
      const failed = final.filter((d) => d.lastStatus?.status === 'failed').length;
      log(`  ${((now - startedAt) / 1000).toFixed(0)} s: ${final.length}/${ids.size} final (${final.length - failed} done, ${failed} failed)`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Waits until the page has applied `expected` events, or applied none more for PAGE_QUIET_MS, or PAGE_SETTLE_MS. */
async function pageSettled(page: Page, expected: number): Promise<PageCounts> {
  const start = performance.now();
  let counts = await pageCounts(page);
  let changedAt = start;
  while (counts.applied < expected && performance.now() - start < PAGE_SETTLE_MS && performance.now() - changedAt < PAGE_QUIET_MS) {
    await page.waitForTimeout(250);
    const next = await pageCounts(page);
    if (next.applied !== counts.applied) changedAt = performance.now();
    counts = next;
  }
  return counts;
}

function callRow(name: string, calls: readonly (CallResult<unknown> | null)[]): string[] {
  const made = calls.filter((c): c is CallResult<unknown> => c !== null);
  const ms = made.map((c) => c.ms);
  return [name, String(made.length), percentile(ms, 50).toFixed(0), percentile(ms, 95).toFixed(0), Math.max(...ms).toFixed(0), String(made.filter((c) => c.error).length)];
}

/** The page: signed in as the technician, Dispenser Operations open on the location, its rows shown and its channel joined. */
async function openPage(baseUrl: string, page: Page): Promise<void> {
  await page.addInitScript({ content: INSTRUMENT });
  await signInAs(page, baseUrl, 'tech');
  await page.goto(`${baseUrl}${PAGE_PATH}?groupId=${OPS_GROUP_ID}`);
  await page.getByRole('table', { name: 'Dispensers' }).getByRole('row').filter({ hasText: 'Bench dispenser' }).first().waitFor({ timeout: WAIT_MS });
  const channel = `private-operations-${OPS_GROUP_ID}`;
  await page.waitForFunction((name) => (window as unknown as { __opsBench?: { subscribed: string[] } }).__opsBench?.subscribed.includes(name) ?? false, channel, {
    timeout: WAIT_MS,
  });
  const counts = await pageCounts(page);
  if (!Number.isFinite(counts.applied)) throw new Error('the page has no [data-testid="operations-page"] with data-events-received');
  // Let the first render and the list's follow-up requests settle before measuring, and collect
  // the loading's garbage: the measure is of the page following the operations, not of its load.
  await page.waitForTimeout(1000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.detach();
}

async function main() {
  if (!(deviceCount > 0) || !(limitMs > 0)) throw new Error('BENCH_OPERATIONS_DEVICES and BENCH_OPERATIONS_LIMIT_S must be positive numbers');
  if (!Number.isInteger(SERVER_NICENESS) || SERVER_NICENESS < 0 || SERVER_NICENESS > 19) throw new Error('BENCH_OPERATIONS_NICENESS must be a whole number from 0 to 19');
  const options = {
    port,
    dataDir: DATA_DIR,
    demoHistoryDays: DEMO_HISTORY_DAYS,
    env: { GATEWAY_SIMULATOR: 'on', GATEWAY_SIMULATOR_RATE: '0', GATEWAY_SIMULATOR_OPERATIONS_MS: '1000', GATEWAY_SIMULATOR_CONTROL_PORT: '0' },
    niceness: SERVER_NICENESS,
  };
  log(`Building the app into ${DATA_DIR}/dist (vite build)…`);
  const staticDir = await buildApp(options);
  log(`Writing the demo database with ${fmt(deviceCount)} more dispensers in location ${OPS_GROUP_ID}…`);
  const fleet = await prepareOperationsFleet(DATA_DIR, deviceCount);
  log(`Starting it on port ${port} (${DATA_DIR}, ${DEMO_HISTORY_DAYS} day of demo history, the gateway simulator playing operations every 1 s${SERVER_NICENESS ? `, both at nice ${SERVER_NICENESS}` : ''})…`);
  const server = await startWebServer(options, staticDir);
  onCleanUp(server.stop);

  const gateways = await locationGateways();
  if (gateways.length === 0) throw new Error(`the simulator's world file has no gateway in location ${OPS_GROUP_ID} to carry the operations out`);
  const token = await idTokenOf(server.url, 'tech');
  const before = await benchDevices(server.url, token, fleet);
  const now = Date.now();
  const willFail = new Map(before.flatMap((d) => {
    const reason = refused(d, now);
    return reason ? [[d.id, reason] as const] : [];
  }));
  const plannedLow = before.filter((d) => fleet.lowBattery.has(d.mac));
  if (willFail.size !== plannedLow.length || plannedLow.some((d) => willFail.get(d.id) !== FAILURES.battery)) {
    throw new Error(`the simulator's rule refuses ${willFail.size} dispensers, not the ${plannedLow.length} given a low battery`);
  }
  log(
    `${fmt(before.length)} dispensers on firmware ${fleet.fromVersion} (model ${fleet.modelId}, latest ${fleet.latestVersion}), ${plannedLow.length} of them at 2200 mV; ` +
      `carried out by location ${OPS_GROUP_ID}'s gateway${gateways.length > 1 ? 's' : ''} ${gateways.join(', ')}.`,
  );

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  onCleanUp(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 1024, height: 1366 }, hasTouch: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  let pageError: string | null = null;
  log(`Opening ${PAGE_PATH}?groupId=${OPS_GROUP_ID} as tech@demo.health (1024×1366)…`);
  try {
    await openPage(server.url, page);
  } catch (error) {
    pageError = `the page did not get ready: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    log(`  ${pageError}; measuring the API and the simulator without it.`);
  }

  const ids = before.map((d) => d.id);
  const state: { queue: QueueRun | null; outcome: Outcome | null; counts: PageCounts | null; expectedEvents: number } = { queue: null, outcome: null, counts: null, expectedEvents: 0 };
  const act = async () => {
    log(`Queuing a settings change and a firmware update on ${fmt(ids.length)} dispensers, ${REPLAY_CONCURRENCY} at a time${pageError ? '' : `, the page's CPU slowed ${CPU_SLOWDOWN}×`}…`);
    const queue = await queueAll(server.url, token, { deviceIds: ids, groupId: OPS_GROUP_ID, setting: SETTING, description: DESCRIPTION, concurrency: REPLAY_CONCURRENCY });
    state.queue = queue;
    log(`  queued in ${fmt(queue.ms)} ms; waiting for the simulated gateways…`);
    for (const item of queue.items) {
      for (const op of item.operations?.body?.operations ?? []) {
        if (op.queued) state.expectedEvents += willFail.has(op.deviceId) ? EVENTS_FAILED : EVENTS_DONE[op.type];
      }
    }
    state.outcome = await waitUntilFinal(server.url, token, new Set(ids), queue.startedAt);
    if (!pageError) state.counts = await pageSettled(page, state.expectedEvents);
  };
  let figures: GestureFigures | null = null;
  if (pageError) await act();
  else {
    try {
      figures = await recordMainThread(page, CPU_SLOWDOWN, act);
    } catch (error) {
      if (!state.queue || !state.outcome) throw error;
      pageError = `recording the page failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    }
  }
  const { queue: run, outcome: result, counts: pageCountsSeen, expectedEvents } = state;
  if (!run || !result) throw new Error('the queue or the wait did not finish');

  // ---- The calls ----
  const failedCalls = run.items.flatMap((i) => [i.settings, i.operations].filter((c) => c?.error)).map((c) => c?.error as string);
  const opsAnswers = run.items.flatMap((i) => i.operations?.body?.operations ?? []);
  const notQueued = opsAnswers.filter((op) => !op.queued);
  log('');
  log(`Queue: ${fmt(ids.length)} devices, one outbox item each (POST /settings, then POST /operations), ${REPLAY_CONCURRENCY} items at a time; time to queue all: ${fmt(run.ms)} ms.`);
  log(table(['call', 'calls', 'p50 ms', 'p95 ms', 'max ms', 'failed'], [callRow('POST /api/settings', run.items.map((i) => i.settings)), callRow('POST /api/operations', run.items.map((i) => i.operations))]));
  if (notQueued.length > 0) log(`  ${notQueued.length} operations not queued, e.g. ${notQueued[0]?.type} of device ${notQueued[0]?.deviceId}: ${notQueued[0]?.reason}`);
  for (const error of failedCalls.slice(0, 3)) log(`  ${error}`);

  // ---- The devices ----
  const byId = new Map(result.devices.map((d) => [d.id, d]));
  const wrong: string[] = [];
  let done = 0;
  let failed = 0;
  for (const d0 of before) {
    const d = byId.get(d0.id);
    const last = d?.lastStatus;
    if (last?.type === 'DFU' && last.status === 'done') done++;
    if (last?.type === 'DFU' && last.status === 'failed') failed++;
    const reason = willFail.get(d0.id);
    const ok = reason
      ? last?.type === 'DFU' && last.status === 'failed' && last.message === reason && d?.firmware.current?.version === fleet.fromVersion
      : last?.type === 'DFU' && last.status === 'done' && d?.firmware.current?.id === d?.firmware.latest?.id && d?.settingsSync === 'ok';
    if (!ok) {
      wrong.push(
        `${d0.mac}: expected ${reason ? `failed '${reason}'` : 'done, latest firmware, settings ok'}; is ${last ? `${last.type} ${last.status}${last.message ? ` '${last.message}'` : ''}` : 'no operation'}, firmware ${d?.firmware.current?.version ?? '?'}, settings ${d?.settingsSync ?? '?'}`,
      );
    }
  }
  const finalMs = result.finalMs;
  log('');
  log(`Simulated gateways (a round every 1 s): ${willFail.size} dispensers predicted to fail ('${FAILURES.battery}'), ${fmt(before.length - willFail.size)} to be updated.`);
  log(
    table(
      ['devices', 'first call → all final s', 'done', 'failed', 'as the simulator rule says'],
      [[fmt(before.length), finalMs === null ? `not finished in ${limitMs / 1000} s` : (finalMs / 1000).toFixed(1), fmt(done), fmt(failed), wrong.length === 0 ? 'yes (every device)' : `NO (${wrong.length} differ)`]],
    ),
  );
  for (const line of wrong.slice(0, 5)) log(`  ${line}`);
  log(`  Final: the device's last operation (its DFU) done or failed, seen by polling GET /api/devices/dispensers every ${POLL_MS / 1000} s.`);

  // ---- The page ----
  log('');
  log(`Dispenser Operations page (1024×1366, tech@demo.health), CPU slowed ${CPU_SLOWDOWN}× while queuing and until every device was final:`);
  if (figures && pageCountsSeen && !pageError) {
    const f = figures;
    const c = pageCountsSeen;
    log(
      table(
        ['events published', 'on the page socket', 'applied by the page', 'all applied', 'longest task ms', `<${LONG_TASK_TARGET_MS}`, 'long tasks', 'frames', 'p95 frame ms', 'longest frame ms'],
        [
          [
            fmt(expectedEvents),
            fmt(c.onSocket),
            fmt(c.applied),
            c.applied === expectedEvents ? 'yes' : 'NO',
            f.longestTaskMs === 0 ? 'none ≥50' : f.longestTaskMs.toFixed(0),
            f.longestTaskMs < LONG_TASK_TARGET_MS ? 'ok' : 'OVER',
            String(f.longTasks),
            fmt(f.frames),
            f.p95FrameMs.toFixed(1),
            f.longestFrameMs.toFixed(1),
          ],
        ],
      ),
    );
    log(`  Events published: what the server announces on private-operations-${OPS_GROUP_ID} for the operations it queued (SETTING pending, working, done; DFU pending, working 0/25/50/75, done; pending and failed for a refused one).`);
    log('  On the page socket: operation events that reached the page\'s WebSocket; applied: the page\'s data-events-received.');
    log('  Longest task: the Long Tasks API (it reports tasks of 50 ms and more); frames: requestAnimationFrame intervals.');
  } else {
    log(`  not measured: ${pageError ?? 'no figures'}`);
  }

  const failures: string[] = [];
  if (failedCalls.length > 0) failures.push(`${failedCalls.length} queue calls failed`);
  if (finalMs === null) failures.push(`not every device was final within ${limitMs / 1000} s`);
  if (wrong.length > 0) failures.push(`${wrong.length} devices did not end as the simulator's rule says`);
  if (pageError) failures.push(pageError);
  else if (pageCountsSeen && pageCountsSeen.applied !== expectedEvents) {
    failures.push(`the page applied ${pageCountsSeen.applied} of the ${expectedEvents} events published`);
  }
  if (failures.length > 0) throw new Error(failures.join('; '));
}

await runBench('bench:operations', main);
