import { expect, test, type Page } from '@playwright/test';
import { deviceAttention, healthSummary, healthSummaryWords } from '../../../server/src/contracts/device-health';
import type { OperableDevice } from '../../../server/src/contracts/operations';
import { apiAs, idTokenOf, serviceWorkerInControl } from '../../fixtures/api';
import { gatewaySimulator } from '../../fixtures/gateways';
import { DeviceOperationsPage } from '../../pages/device-operations-page';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// Dispenser Operations as a technician uses it on a ward tablet: devices picked on the floor plan,
// a preset applied in the settings editor, queued, and watched as the simulated gateway carries
// the operations out; a pending one cancelled; and the same queued without signal, through a
// reload, sent once on reconnect. Each test has a unit of its own.

const PATH = '/app/maintenance/dispenser-operations';
type Api = ReturnType<typeof apiAs>;

const indicator = (page: Page) => page.getByTestId('connectivity');
const dispensers = (api: Api, groupId: number) => api.get<OperableDevice[]>(`/devices/dispensers?groupId=${groupId}`);

/** Dispensers the simulated gateway will carry operations out on: idle, heard lately, battery fine. */
function healthy(devices: OperableDevice[]): OperableDevice[] {
  return devices.filter(
    (d) =>
      !d.operationDisabled &&
      d.lastHeartbeatAt !== null &&
      Date.now() - Date.parse(d.lastHeartbeatAt) < 24 * 3_600_000 &&
      (d.batteryMv ?? 3000) > 2400 &&
      (d.batteryPercent ?? 100) > 30,
  );
}

/** The unit's gateways: held, they hear no device, so what is queued stays pending. */
async function gatewaysOf(api: Api, groupId: number): Promise<string[]> {
  const devices = await api.get<{ mac: string; type: string; groupId: number }[]>(`/devices/group?groupId=${groupId}&types=GATEWAY`);
  return devices.filter((d) => d.type === 'GATEWAY' && d.groupId === groupId).map((d) => d.mac);
}

/** Sets a device back to an older firmware of its model, as the Location Editor's Device form can, so it has an update to take. */
async function runOlderFirmware(api: Api, device: OperableDevice): Promise<void> {
  const versions = await api.get<{ id: number; isLatest: boolean }[]>(`/firmware/versions?modelId=${device.modelId}`);
  const older = versions.find((v) => !v.isLatest);
  const { devices } = await api.get<{ devices: Record<string, unknown>[] }>(`/groups/editor?groupId=${device.groupId}`);
  const stored = devices.find((d) => d.id === device.id)!;
  const { version, staged: _staged, publish: _publish, replacedDeviceId: _replaced, entityType, ...fields } = stored as Record<string, unknown> & { version: number; entityType: string };
  await api.post(`/groups/editor?groupId=${device.groupId}`, [{ ...fields, entityType, baseVersion: version, firmwareVersionId: older!.id }]);
}

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 1366 }, hasTouch: true, isMobile: true });
  test.beforeEach(() => test.slow());

  test('dispensers picked on the map get a preset, are queued, and advance to Completed', async ({ page }) => {
    const UNIT = 17; // Emergency – Observation
    await signedInAs(page, 'tech');
    const api = apiAs(page.request, await idTokenOf(page));
    const placed = healthy((await dispensers(api, UNIT)).filter((d) => d.x !== null && d.groupId === UNIT));
    // Two of one model: one settings tab.
    const [a, b] = placed.filter((d) => d.modelId === placed[0]?.modelId);
    expect(a && b, 'two idle, healthy dispensers of one model on the plan').toBeTruthy();
    const preset = `Night ward ${Date.now().toString(36)}`;
    await api.post('/settings/presets', { name: preset, modelId: a!.modelId, settings: [{ label: 'LED Color', value: 0x00_ff_80 }, { label: 'Reminder Interval', value: 600 }] });

    const ops = new DeviceOperationsPage(page);
    await page.goto(`${PATH}?groupId=${UNIT}&mapMode=map`);
    for (const d of [a!, b!]) await page.locator(`[data-testid="operations-map-device"][data-device-id="${d.id}"]`).tap();
    await expect(ops.selectedCount()).toHaveText('2 selected');

    await ops.applyPreset('dispensers', preset);
    await expect(page.getByRole('switch', { name: 'Edit settings (2 changed)' })).toBeChecked();

    await ops.openQueue();
    await expect(ops.queueEntries()).toHaveCount(2);
    await expect(ops.submitButton()).toBeDisabled();
    await ops.submitQueue('Night settings for the observation unit', 2);
    await expect(page.getByText('2 setting change(s) scheduled.')).toBeVisible();
    await ops.expectQueueFollowed(2, 'dispensers');

    // The simulated gateway starts each, then completes it; the map shows it live.
    for (const d of [a!, b!]) {
      await expect(page.locator(`[data-testid="operations-map-device"][data-device-id="${d.id}"]`)).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    }
    await expect(ops.queuedNotice()).toContainText('All 2 operations have finished: 2 done.');
    await page.locator('label').filter({ hasText: /^List$/ }).tap();
    await expect(ops.statusOf(a!.name)).toContainText('Completed');
    const after = await dispensers(api, UNIT);
    for (const d of [a!, b!]) expect(after.find((x) => x.id === d.id)).toMatchObject({ settingsSync: 'ok', lastStatus: { status: 'done', type: 'SETTING' } });
  });

  test('a pending operation is cancelled from its row', async ({ page, request }) => {
    const UNIT = 19; // Infusion Center
    await signedInAs(page, 'tech');
    const api = apiAs(page.request, await idTokenOf(page));
    const ops = new DeviceOperationsPage(page);
    const simulator = gatewaySimulator(request);
    const gateways = await gatewaysOf(api, UNIT);
    await simulator.holdOperations(gateways, true);
    try {
      const [device] = healthy(await dispensers(api, UNIT));
      await api.post('/settings', [{ deviceId: device!.id, settings: [{ label: 'Dispense Reminder', desired: 0 }] }]);
      await api.post('/operations', { description: 'Quiet night', operations: [{ type: 'SETTING', deviceId: device!.id, groupId: device!.groupId }] });

      await page.goto(`${PATH}?groupId=${UNIT}&search=${encodeURIComponent(device!.mac)}`);
      await expect(ops.statusOf(device!.name)).toContainText('Dispatched');
      await page.getByRole('button', { name: `Queued operations of ${device!.name} (1)` }).tap();
      await page.getByTestId('queued-operation').getByRole('button', { name: 'Cancel' }).tap();
      await expect(page.getByText('Operation successfully canceled.')).toBeVisible();
      await expect(ops.statusOf(device!.name)).toContainText('Cancelled');
      expect((await dispensers(api, UNIT)).find((d) => d.id === device!.id)).toMatchObject({ operations: [], lastStatus: { status: 'canceled' } });
    } finally {
      await simulator.holdOperations(gateways, false);
    }
  });

  test('a firmware update queued offline survives a reload and is queued once on reconnect', async ({ page, context }) => {
    test.setTimeout(180_000);
    const UNIT = 9; // Emergency – Fast Track
    await signedInAs(page, 'tech');
    const api = apiAs(page.request, await idTokenOf(page));
    const ops = new DeviceOperationsPage(page);
    const [device] = healthy(await dispensers(api, UNIT)).filter((d) => d.groupId === UNIT);
    await runOlderFirmware(api, device!);
    await page.goto(`${PATH}?groupId=${UNIT}&search=${encodeURIComponent(device!.mac)}`);
    await serviceWorkerInControl(page);
    await page.reload();
    await expect(ops.rowOf(device!.name)).toBeVisible();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await ops.selectRow(device!.name);
    await ops.updateFirmware();
    await ops.openQueue();
    await expect(ops.queueEntries()).toContainText('Firmware update');
    await ops.submitQueue('Firmware for the fast track', 1);
    await expect(page.getByText('Saved on this device')).toBeVisible();
    await expect(ops.statusOf(device!.name)).toContainText('Queued');
    await expect(indicator(page)).toHaveText('Offline · 1 queued');

    await page.reload();
    await expect(indicator(page)).toHaveText('Offline · 1 queued');
    await expect(ops.statusOf(device!.name)).toContainText('Queued');

    await context.setOffline(false);
    await expect(indicator(page)).toHaveText('Online');
    // Sent once, carried out by the gateway: the firmware is the latest and nothing is left open.
    await expect(ops.statusOf(device!.name)).toContainText('Completed', { timeout: 60_000 });
    const after = (await dispensers(api, UNIT)).find((d) => d.id === device!.id);
    expect(after).toMatchObject({ operations: [], firmware: { current: { id: device!.firmware.latest!.id } }, lastStatus: { type: 'DFU', status: 'done' } });
  });
});

test('Beacon Operations shows each beacon\'s own TX power, as the beacon reports it', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const UNIT = 6; // ICU – 3 North
  await signedInAs(page, 'tech', `/app/maintenance/beacon-operations?groupId=${UNIT}`);
  const api = apiAs(page.request, await idTokenOf(page));
  const beacons = (await api.get<OperableDevice[]>(`/devices/beacons?groupId=${UNIT}`)).filter((b) => b.groupId === UNIT && b.txPower !== null);
  // Beacons of different settings: the column tells them apart.
  const powers = new Set(beacons.map((b) => b.txPower));
  expect(powers.size, 'beacons of more than one TX power').toBeGreaterThan(1);
  const table = page.getByRole('table');
  const header = table.getByRole('columnheader', { name: /TX Power \(dBm\)/ });
  await expect(header).toBeVisible();
  const column = await header.evaluate((th) => Array.from(th.parentElement!.children).indexOf(th));
  const ops = new DeviceOperationsPage(page);
  for (const power of powers) {
    const beacon = beacons.find((b) => b.txPower === power)!;
    await ops.searchFor(beacon.mac);
    await expect(ops.rowOf(beacon.mac).getByRole('cell').nth(column)).toHaveText(String(power));
  }
});

test('Beacon Operations says each beacon’s health on the map and the unit’s in one line, as the shared rules judge the API’s readings', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signedInAs(page, 'tech');
  const api = apiAs(page.request, await idTokenOf(page));
  // A unit of St. Mary's (location 2) with a beacon on its plan that needs attention (the demo's
  // health spread: docs/SCREENS.md 'Device health'); the device simulator is off, so readings stay.
  const all = await api.get<OperableDevice[]>('/devices/beacons?groupId=2');
  const flagged = all.find((b) => b.x !== null && b.y !== null && deviceAttention(b, Date.now()).level !== null);
  expect(flagged, 'a placed beacon that needs attention').toBeTruthy();
  const unit = flagged!.groupId;
  const beacons = await api.get<OperableDevice[]>(`/devices/beacons?groupId=${unit}`);
  await page.goto(`/app/maintenance/beacon-operations?groupId=${unit}&mapMode=map`);
  await expect(page.getByRole('status', { name: 'Device health' })).toHaveText(healthSummaryWords(healthSummary(beacons, Date.now()), { one: 'beacon', many: 'beacons' }));
  const placed = beacons.filter((b) => b.groupId === unit && b.x !== null && b.y !== null);
  for (const b of placed) {
    const { level, words } = deviceAttention(b, Date.now());
    const dot = page.locator(`[data-testid="operations-map-device"][data-device-id="${b.id}"]`);
    await expect(dot).toHaveAttribute('data-health', level ?? 'ok');
    if (level) await expect(dot).toHaveAttribute('aria-label', new RegExp(`, ${words.replace(/[()]/g, '\\$&')}`));
  }
});
