import { expect, test } from '@playwright/test';
import { batteryMillivoltHealth, batteryPercentHealth, HEALTH_WORDS, healthSummary, healthSummaryWords, heartbeatHealth } from '../../../server/src/contracts/device-health';
import type { WearableRow } from '../../../server/src/contracts/wearables';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { DeviceOperationsPage } from '../../pages/device-operations-page';
import { signedInAs } from '../../fixtures/session';

// Wristbands as a technician uses the page on a ward tablet: wristbands picked in the list, a
// preset applied in the settings editor, queued and watched as the simulated gateway carries the
// changes out; a held wristband's history, and its unassignment; an unheld one assigned with the
// shared Assign dialog. Unit 18 is this spec's alone (no other browser test touches its
// wristbands).

const PATH = '/app/maintenance/wristbands';
const UNIT = 18; // Oncology – 6 East
type Api = ReturnType<typeof apiAs>;

const wristbands = async (api: Api) => (await api.get<{ data: WearableRow[] }>(`/devices/wearables?type=WRISTBAND&groupId=${UNIT}`)).data;

/** Wristbands the simulated gateway will carry operations out on: idle, heard lately, battery fine. */
const healthy = (rows: WearableRow[]) =>
  rows.filter(
    (d) =>
      d.groupId === UNIT &&
      !d.operationDisabled &&
      d.lastHeartbeatAt !== null &&
      Date.now() - Date.parse(d.lastHeartbeatAt) < 24 * 3_600_000 &&
      (d.batteryMv ?? 3000) > 2400 &&
      (d.batteryPercent ?? 100) > 30,
  );

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 1024, height: 1366 }, hasTouch: true, isMobile: true });
  test.beforeEach(() => test.slow());

  test('wristbands picked in the list get a preset, are queued, and advance to Completed', async ({ page }) => {
    await signedInAs(page, 'tech');
    const api = apiAs(page.request, await idTokenOf(page));
    const idle = healthy(await wristbands(api));
    const [a, b] = idle.filter((d) => d.modelId === idle[0]?.modelId);
    expect(a && b, 'two idle, healthy wristbands of one model').toBeTruthy();
    const preset = `Quiet ward ${Date.now().toString(36)}`;
    await api.post('/settings/presets', { name: preset, modelId: a!.modelId, settings: [{ label: 'Vibration Duration', value: 300 }, { label: 'Scan Interval', value: 10 }] });

    const ops = new DeviceOperationsPage(page);
    await page.goto(`${PATH}?groupId=${UNIT}`);
    for (const d of [a!, b!]) {
      await ops.searchFor(d.mac);
      await ops.selectRow(d.mac);
    }
    await expect(ops.selectedCount()).toHaveText('2 selected');

    await ops.applyPreset('wristbands', preset);
    await ops.openQueue();
    await expect(ops.queueEntries()).toHaveCount(2);
    await ops.submitQueue('Shorter vibration for the oncology unit', 2);
    await expect(page.getByText('2 setting change(s) scheduled.')).toBeVisible();

    await ops.expectQueueFollowed(2, 'wristbands');
    // The simulated gateway starts each, then completes it; the row shows it live.
    for (const d of [a!, b!]) {
      await ops.searchFor(d.mac);
      await expect(ops.statusOf(d.mac)).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
    }
    await expect(ops.queuedNotice()).toContainText('All 2 operations have finished: 2 done.');
    const after = await wristbands(api);
    for (const d of [a!, b!]) expect(after.find((x) => x.id === d.id)).toMatchObject({ settingsSync: 'ok', lastStatus: { status: 'done', type: 'SETTING' } });
  });

  test('a held wristband’s history is shown, and it is unassigned from its row', async ({ page }) => {
    await signedInAs(page, 'tech');
    const api = apiAs(page.request, await idTokenOf(page));
    const held = (await wristbands(api)).find((d) => d.user !== null && d.groupId === UNIT);
    expect(held, 'a held wristband in the unit').toBeTruthy();
    const label = held!.code ?? held!.mac;

    await page.goto(`${PATH}?groupId=${UNIT}&search=${encodeURIComponent(held!.mac)}`);
    const row = new DeviceOperationsPage(page).rowOf(held!.mac);
    await expect(row).toContainText(held!.user!.lastName);
    await row.getByRole('button', { name: `Actions for ${label}` }).tap();
    await page.getByRole('menuitem', { name: 'History' }).tap();
    const history = page.getByRole('dialog', { name: `History of ${held!.mac}` });
    await expect(history.getByRole('row').filter({ hasText: held!.user!.lastName }).first()).toBeVisible();
    await history.getByRole('button', { name: 'Close' }).tap();

    await row.getByRole('button', { name: `Actions for ${label}` }).tap();
    await page.getByRole('menuitem', { name: 'Unassign' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Unassign wristband' });
    await dialog.getByRole('button', { name: 'Unassign', exact: true }).tap();
    await expect(row).not.toContainText(held!.user!.lastName);
    await expect.poll(async () => (await wristbands(api)).find((d) => d.id === held!.id)?.user ?? null).toBeNull();
  });

  test('an unheld wristband is assigned to a user with the shared Assign dialog', async ({ page }) => {
    await signedInAs(page, 'tech');
    const api = apiAs(page.request, await idTokenOf(page));
    // Every wristband of the unit is held. The last one, clear of this spec's other tests running
    // alongside (the first two healthy ones get operations, the first held one is unassigned), is
    // freed through the API; its holder, who then wears nothing, gets it back through the dialog.
    const rows = await wristbands(api);
    const [a, b] = healthy(rows).filter((d, _, idle) => d.modelId === idle[0]?.modelId);
    const firstHeld = rows.find((d) => d.user !== null && d.groupId === UNIT);
    const othersUse = new Set([a?.id, b?.id, firstHeld?.id]);
    const wristband = [...rows].reverse().find((d) => d.groupId === UNIT && d.user !== null && !d.operationDisabled && !othersUse.has(d.id));
    expect(wristband, 'a held wristband in the unit no other test uses').toBeTruthy();
    const user = wristband!.user!;
    const name = `${user.firstName} ${user.lastName}`;
    await api.post('/users/unassign-wearable', { userId: user.id, wearableId: wristband!.id });
    expect((await wristbands(api)).find((d) => d.id === wristband!.id)?.user).toBeNull();

    const ops = new DeviceOperationsPage(page);
    await page.goto(`${PATH}?groupId=${UNIT}`);
    const assign = page.getByRole('button', { name: 'Assign', exact: true });
    await expect(page.getByText('Select the wristbands to assign.')).toBeVisible();
    await expect(assign).toBeDisabled();
    await ops.searchFor(wristband!.mac);
    const row = ops.rowOf(wristband!.mac);
    await expect(row).not.toContainText(name);
    await ops.selectRow(wristband!.mac);
    await assign.tap();

    const dialog = page.getByRole('dialog', { name: 'Assign wristbands' });
    await expect(dialog.getByRole('table', { name: 'Wristbands to assign' })).toContainText(wristband!.mac);
    await dialog.getByLabel('Search users').fill(name);
    await dialog.getByRole('button', { name: `Add ${name}` }).tap();
    await dialog.getByRole('button', { name: 'Assign', exact: true }).tap();
    await expect(dialog.getByRole('table', { name: 'Assignment results' })).toContainText('Assigned');
    await dialog.getByRole('button', { name: 'Done' }).tap();

    await expect(row).toContainText(name);
    await expect(row).not.toContainText('Pending');
    expect((await wristbands(api)).find((d) => d.id === wristband!.id)?.user?.id).toBe(user.id);
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the unit’s wristband health is said above the table, and each battery and heartbeat carries its level', async ({ page }) => {
    await signedInAs(page, 'tech');
    const api = apiAs(page.request, await idTokenOf(page));
    const rows = await wristbands(api);
    expect(rows.length).toBeGreaterThan(0);
    await page.goto(`${PATH}?groupId=${UNIT}`);
    // The device simulator is off in the browser tests: the readings stay as fetched.
    const words = healthSummaryWords(healthSummary(rows, Date.now()), { one: 'wristband', many: 'wristbands' });
    await expect(page.getByRole('status', { name: 'Device health' })).toHaveText(words);

    const ops = new DeviceOperationsPage(page);
    // A wristband whose battery or heartbeat needs attention, and one whose readings are fine (docs/SCREENS.md 'Device health').
    const batteryOf = (d: WearableRow) => (d.batteryPercent !== null || d.batteryMv === null ? batteryPercentHealth(d.batteryPercent) : batteryMillivoltHealth(d.batteryMv));
    const levelsOf = (d: WearableRow) => ({ battery: batteryOf(d), heartbeat: heartbeatHealth(d.lastHeartbeatAt, Date.now()) });
    const flagged = rows.find((d) => ['warning', 'error'].includes(levelsOf(d).battery ?? '') || ['warning', 'error'].includes(levelsOf(d).heartbeat ?? ''));
    const fine = rows.find((d) => levelsOf(d).battery === 'ok' && levelsOf(d).heartbeat === 'ok');
    expect(fine, 'a wristband whose readings are fine').toBeTruthy();
    for (const d of [flagged, fine]) {
      if (!d) continue;
      await ops.searchFor(d.mac);
      const row = ops.rowOf(d.mac);
      const { battery, heartbeat } = levelsOf(d);
      await expect(row).toContainText(d.batteryPercent !== null ? `${d.batteryPercent} %` : `${d.batteryMv} mV`);
      for (const [what, level] of [['Battery', battery], ['Heartbeat', heartbeat]] as const) {
        if (level === 'warning' || level === 'error') await expect(row).toContainText(`(${what}: ${HEALTH_WORDS[level]})`);
        else await expect(row).not.toContainText(`(${what}:`);
      }
    }
  });
});
