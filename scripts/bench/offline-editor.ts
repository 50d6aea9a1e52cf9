/**
 * The Location Editor scenario of `npm run bench:offline`: offline on one floor, a technician
 * places BENCH_EDITOR_DEVICES new devices (default 100), draws BENCH_EDITOR_ZONES zones (20) and
 * replaces BENCH_EDITOR_REPLACEMENTS placed beacons (10) with spares, saves, reconnects; the
 * figure is the time until the outbox is empty, and the check that the server then holds every
 * edit exactly once.
 *
 * The edits reach the page as its own draft (the localStorage entry the editor keeps while one
 * draws, written once instead of by 130 rounds of taps and dialogs), and are queued by pressing
 * the page's Save: from there everything is the app's own path (the outbox, its replay, the API).
 */
import type { BrowserContext, Page } from '@playwright/test';
import type { EditorEntities } from '../../server/src/contracts/editor';
import { replayUntilEmpty } from './outbox-replay';
import { deviceDraftOf } from '../../src/features/editor/editor-model';

const devicesToPlace = Number(process.env.BENCH_EDITOR_DEVICES ?? 100);
const zonesToDraw = Number(process.env.BENCH_EDITOR_ZONES ?? 20);
const replacements = Number(process.env.BENCH_EDITOR_REPLACEMENTS ?? 10);
const WAIT_MS = 5 * 60_000;

export interface EditorScenarioResult {
  edits: number;
  queueMs: number;
  replayMs: number;
  /** What the server holds of the edits, in words, and whether it is each exactly once. */
  stored: string;
  exactlyOnce: boolean;
}

/** MACs no demo device has: '0E:BE' and a counter. */
const benchMac = (stamp: number, i: number) =>
  ['0E', 'BE', (stamp & 0xff).toString(16), ((stamp >> 8) & 0xff).toString(16), ((i >> 8) & 0xff).toString(16), (i & 0xff).toString(16)]
    .map((part) => part.padStart(2, '0').toUpperCase())
    .join(':');

/** The identity's subject in an id token: whose draft and queue the page keeps. */
const subjectOf = (idToken: string) => (JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;

async function call<T>(baseUrl: string, token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { Authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function runEditorScenario(page: Page, context: BrowserContext, baseUrl: string, token: string, groupId: number): Promise<EditorScenarioResult> {
  const before = await call<EditorEntities>(baseUrl, token, 'GET', `/groups/editor?groupId=${groupId}`);
  const placed = before.devices.filter((d) => d.type === 'BEACON' && !d.staged && d.x !== null && d.y !== null).slice(0, replacements);
  if (placed.length < replacements) throw new Error(`location ${groupId} has only ${placed.length} placed beacons to replace`);
  const stamp = Date.now() & 0xffff;
  // The spares the replacements put in place: live in the location, not yet placed.
  const spares = placed.map((_, i) => benchMac(stamp, 60_000 + i));
  await call(baseUrl, token, 'POST', `/groups/editor?groupId=${groupId}`,
    spares.map((mac, i) => ({ entityType: 'DEVICE', mac, name: `Spare ${i + 1}`, type: 'BEACON', groupId, modelId: placed[i]?.modelId, active: true, publish: true })),
  );

  await page.goto(`${baseUrl}/app/maintenance/editor?groupId=${groupId}`);
  await page.getByTestId('editor-canvas').waitFor({ timeout: WAIT_MS });
  // Opened once under the service worker, so the page and its plan open without signal.
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: WAIT_MS });
  await page.reload();
  await page.getByTestId('editor-canvas').waitFor({ timeout: WAIT_MS });
  await page.waitForLoadState('networkidle');

  const width = 1200;
  const newMacs = Array.from({ length: devicesToPlace }, (_, i) => benchMac(stamp, i));
  const actions = [
    ...newMacs.map((mac, i) => {
      const entity = { entityType: 'DEVICE', id: null, clientId: `bench-device-${stamp}-${i}`, mac, name: `Bench ${i + 1}`, type: 'BEACON', groupId, modelId: placed[0]?.modelId ?? 12, firmwareVersionId: null, role: null, physicalRole: null, zoneId: null, x: 20 + ((i * 37) % width), y: 40 + Math.floor(i / 30) * 25, active: true, staged: true, publish: false, version: null };
      return { kind: 'put', key: `device:new:${entity.clientId}`, entity };
    }),
    ...Array.from({ length: zonesToDraw }, (_, i) => {
      const x = 20 + i * 50;
      const entity = { entityType: 'ZONE', id: null, clientId: `bench-zone-${stamp}-${i}`, name: `Bench room ${i + 1}`, type: 'PATIENT_ROOM', groupId, ehrId: null, geometry: { type: 'Polygon', coordinates: [[[x, 20], [x + 40, 20], [x + 40, 60], [x, 60], [x, 20]]] }, meta: null, active: true, staged: true, publish: false, version: null };
      return { kind: 'put', key: `zone:new:${entity.clientId}`, entity };
    }),
    ...placed.map((device, i) => ({ kind: 'put', key: `device:${device.id}`, entity: { ...deviceDraftOf(device), mac: spares[i] } })),
  ];
  const draftKey = `lavo.editor-draft:${subjectOf(token)}:${groupId}`;

  await context.setOffline(true);
  const queueStart = performance.now();
  await page.evaluate(([key, draft]) => localStorage.setItem(key, draft), [draftKey, JSON.stringify({ done: actions, undone: [] })] as const);
  await page.reload();
  await page.getByRole('button', { name: 'Edit' }).click({ timeout: WAIT_MS });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const indicator = page.getByTestId('connectivity');
  await indicator.getByText(`Offline · ${actions.length} queued`).waitFor({ timeout: WAIT_MS });
  const queueMs = performance.now() - queueStart;

  const replayMs = await replayUntilEmpty(page, context, "the editor's outbox", WAIT_MS);

  const after = await call<EditorEntities>(baseUrl, token, 'GET', `/groups/editor?groupId=${groupId}`);
  const count = (mac: string) => after.devices.filter((d) => d.mac === mac).length;
  const devicesOnce = newMacs.filter((mac) => count(mac) === 1).length;
  const zonesOnce = Array.from({ length: zonesToDraw }, (_, i) => after.zones.filter((z) => z.name === `Bench room ${i + 1}`).length).filter((n) => n === 1).length;
  const replacedOnce = placed.filter((old, i) => {
    const spare = after.devices.filter((d) => d.mac === spares[i]);
    return spare.length === 1 && spare[0]?.x === old.x && spare[0]?.y === old.y && !after.devices.some((d) => d.id === old.id);
  }).length;
  return {
    edits: actions.length,
    queueMs,
    replayMs,
    stored: `${devicesOnce}/${devicesToPlace} devices, ${zonesOnce}/${zonesToDraw} zones, ${replacedOnce}/${replacements} replacements`,
    exactlyOnce: devicesOnce === devicesToPlace && zonesOnce === zonesToDraw && replacedOnce === replacements,
  };
}
