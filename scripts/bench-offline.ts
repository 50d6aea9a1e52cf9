/**
 * `npm run bench:offline`: how long a technician's offline work takes to reach the server.
 *
 * Builds the app (vite build into `.data-bench-offline/dist`; the directory is removed first) and
 * starts it as the browser tests do (`scripts/start.ts`, port BENCH_OFFLINE_PORT, default 8100, one
 * day of demo history, no simulator). In Chromium, signed in as the demo technician on NFC Tag
 * Assignment, it cuts the network, imports a CSV of BENCH_OFFLINE_EDITS new tags (default 500)
 * through the Import dialog, which queues one outbox item per tag, reconnects, and times how long
 * until the outbox is empty. Then it asks the API how many of the tags exist: each must exist
 * exactly once. Target: under 10 s from reconnecting to an empty outbox.
 *
 * Then the Location Editor's scenario (bench/offline-editor.ts): offline on one floor, 100 devices
 * placed, 20 zones drawn and 10 devices replaced, saved, reconnected; the same two figures.
 *
 * Then the observer's scenario (bench/offline-observer.ts): on a 390×844 phone without signal, an
 * observation session of 120 opportunities recorded tap by tap with two reloads, ended, reconnected;
 * the same two figures, against a target of under 5 s.
 *
 * A missed target is marked OVER and still exits 0; only a failed measurement exits non-zero.
 */
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './bench/web-js-bytes';
import { buildApp, startWebServer } from './bench/web-server';
import { signInAs } from './bench/web-sign-in';
import { runEditorScenario } from './bench/offline-editor';
import { runObserverScenario } from './bench/offline-observer';
import { replayUntilEmpty } from './bench/outbox-replay';
import { table } from './bench/timing';
import { onCleanUp, runBench } from './bench/lifecycle';

const port = Number(process.env.BENCH_OFFLINE_PORT ?? 8100);
const edits = Number(process.env.BENCH_OFFLINE_EDITS ?? 500);
const DATA_DIR = '.data-bench-offline';
const DEMO_HISTORY_DAYS = 1;
const TARGET_MS = 10_000;
/** An observer's session reaches the server within 5 s of the signal coming back. */
const OBSERVER_TARGET_MS = 5_000;
/** ICU – 3 North: the demo floor the editor scenario works on. */
const EDITOR_GROUP_ID = 6;
const WAIT_MS = 5 * 60_000;
const log = (line: string) => console.log(line);


/** The signed-in user's id token, as the app keeps it, for the API calls that check the result. */
async function idToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken'));
    if (!key) throw new Error('no id token stored');
    return localStorage.getItem(key) as string;
  });
}

async function api<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, { headers: { Authorization: token } });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** 21-character tag ids no demo tag has: the 14-character NFC id is 'B', the run's stamp and a counter; the short id 'BENCH00'. */
function benchIds(count: number): string[] {
  const stamp = Date.now().toString(36).toUpperCase().slice(-6).padStart(6, '0');
  return Array.from({ length: count }, (_, i) => `B${stamp}${String(i).padStart(7, '0')}BENCH00`);
}

async function main() {
  log(`Building the app into ${DATA_DIR}/dist (vite build)…`);
  const options = { port, dataDir: DATA_DIR, demoHistoryDays: DEMO_HISTORY_DAYS };
  const staticDir = await buildApp(options);
  log(`Starting it on port ${port}…`);
  const server = await startWebServer(options, staticDir);
  onCleanUp(server.stop);

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  onCleanUp(() => browser.close());
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, server.url, 'tech');
  await page.goto(`${server.url}/app/accounts/nfc`);
  await page.getByRole('table', { name: 'NFC tags' }).waitFor({ timeout: WAIT_MS });
  const token = await idToken(page);
  const { data } = await api<{ data: { groupId: number }[] }>(server.url, token, '/nfc-tags?take=1');
  const groupId = data[0]?.groupId;
  if (!groupId) throw new Error('the technician sees no NFC tag to take a location from');
  // The users list (the import resolves user names with it) is loaded before the network goes.
  await page.waitForLoadState('networkidle');

  const ids = benchIds(edits);
  const csv = ['groupId,nfcId,active,userName', ...ids.map((id) => `${groupId},${id},true,`)].join('\n');
  await context.setOffline(true);
  const queueStart = performance.now();
  await page.getByRole('button', { name: 'Import' }).click();
  await page.locator('input[type=file]').setInputFiles({ name: 'bench.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByText(`${edits} rows ready to import.`).waitFor({ timeout: WAIT_MS });
  await page.getByRole('dialog').getByRole('button', { name: 'Import', exact: true }).click();
  const indicator = page.getByTestId('connectivity');
  await indicator.getByText(`Offline · ${edits} queued`).waitFor({ timeout: WAIT_MS });
  const queueMs = performance.now() - queueStart;

  const replayMs = await replayUntilEmpty(page, context, 'the outbox', WAIT_MS);

  type TagPage = { data: { id: number; nfcId: string; nfcShortId: string }[]; totalCount: number };
  const pageOf = (after?: number) =>
    api<TagPage>(server.url, token, `/nfc-tags?groupId=${groupId}&search=BENCH00&take=500${after ? `&startingAfter=${after}` : ''}`);
  const stored = await pageOf();
  const all = new Set<string>();
  for (let rows = stored.data; rows.length > 0; ) {
    for (const tag of rows) all.add(`${tag.nfcId}${tag.nfcShortId}`);
    const last = rows.at(-1);
    rows = rows.length === 500 && last ? (await pageOf(last.id)).data : [];
  }
  const missing = ids.filter((id) => !all.has(id)).length;
  const exactlyOnce = stored.totalCount === edits && missing === 0;

  log('');
  log(
    table(
      ['edits', 'queued offline ms', 'reconnect → outbox empty ms', '< 10 s', 'on the server', 'exactly once'],
      [
        [
          String(edits),
          queueMs.toFixed(0),
          replayMs.toFixed(0),
          replayMs < TARGET_MS ? 'ok' : 'OVER',
          `${stored.totalCount} (${missing} missing)`,
          exactlyOnce ? 'yes' : 'NO',
        ],
      ],
    ),
  );
  log('');
  log('Queued: from opening Import with the network cut to the header showing every tag queued (CSV check included).');
  log('Reconnect → outbox empty: from Playwright restoring the network to the header saying Online (no item left).');
  if (!exactlyOnce) throw new Error('the server does not hold every tag exactly once');

  log('');
  log('Location Editor: offline on ICU – 3 North, devices placed, zones drawn and beacons replaced, one Save…');
  const editor = await runEditorScenario(page, context, server.url, token, EDITOR_GROUP_ID);
  log('');
  log(
    table(
      ['edits', 'queued offline ms', 'reconnect → outbox empty ms', '< 10 s', 'on the server', 'exactly once'],
      [[String(editor.edits), editor.queueMs.toFixed(0), editor.replayMs.toFixed(0), editor.replayMs < TARGET_MS ? 'ok' : 'OVER', editor.stored, editor.exactlyOnce ? 'yes' : 'NO']],
    ),
  );
  log('');
  log('Queued: from the network cut, through reopening the editor offline with the drawing, to the header showing every change queued after Save.');
  if (!editor.exactlyOnce) throw new Error('the server does not hold every editor change exactly once');

  log('');
  log('Observation audits: offline on a 390×844 phone, one 45-minute session on ICU – 3 North recorded tap by tap, two reloads, ended…');
  const observer = await runObserverScenario(browser, server.url);
  log('');
  log(
    table(
      ['edits', 'session min', 'queued offline ms', 'reconnect → outbox empty ms', '< 5 s', 'on the server', 'exactly once'],
      [[String(observer.records), observer.sessionMinutes.toFixed(1), observer.queueMs.toFixed(0), observer.replayMs.toFixed(0), observer.replayMs < OBSERVER_TARGET_MS ? 'ok' : 'OVER', observer.stored, observer.exactlyOnce ? 'yes' : 'NO']],
    ),
  );
  log('');
  log("Session min: the stored session's end less its start, on the phone's clock (moved on by a 120th of 45 minutes before each record).");
  log('Queued: from choosing the unit with the network cut, through every tap and both reloads, to the header showing the start, each record and the end queued.');
  if (!observer.exactlyOnce) throw new Error('the server does not hold the session and its records exactly once');
}

await runBench('bench:offline', main);
