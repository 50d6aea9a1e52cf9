import { expect, test } from '@playwright/test';
import type { Thing } from '../../../server/src/contracts/iot';
import { apiAs, idTokenOf, serviceWorkerInControl } from '../../fixtures/api';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// The Location Editor's IoT Devices: a unit's IoT devices in the panel's tab and on its plan, and a
// fall device renamed and moved from there without signal, through a reload, sent once. ICU – 3
// South is this test's own: no other browser test edits its IoT devices.

const UNIT = 7; // ICU – 3 South
const PATH = '/app/maintenance/editor';

test.use({ viewport: { width: 1024, height: 1366 }, hasTouch: true, isMobile: true });

test('a fall device renamed and moved offline shows pending on the plan and in the tab, and reaches the server once', async ({ page, context }) => {
  test.setTimeout(180_000);
  await signedInAs(page, 'tech');
  const api = apiAs(page.request, await idTokenOf(page));
  const things = (await api.get<{ data: Thing[] }>(`/iot/things?groupIds=${UNIT}&take=100`)).data.filter((t) => t.groupId === UNIT);
  const device = things.find((t) => t.type === 'fall_device_v1');
  expect(device).toBeDefined();
  if (!device) return;
  const name = `${device.name.slice(0, 70)} (window ${Date.now() % 10_000})`;

  await page.goto(`${PATH}?groupId=${UNIT}`);
  const canvas = page.getByTestId('editor-canvas');
  await expect(canvas).toBeVisible();
  await serviceWorkerInControl(page);
  await page.reload();
  await expect(canvas).toBeVisible();
  await page.waitForLoadState('networkidle');

  // Every IoT device of the unit is in its tab and on the plan.
  const tab = page.getByRole('tab', { name: /^IoT Devices/ });
  await expect(tab).toHaveText(`IoT Devices (${things.length})`);
  await expect(canvas.locator('[data-entity-type="IOT"]')).toHaveCount(things.length);
  await tab.tap();
  const table = page.getByRole('table', { name: 'IoT Devices' });
  await expect(table.getByRole('row', { name: new RegExp(device.awsId) })).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByTestId('offline-stamp')).toBeVisible();
  await page.getByRole('button', { name: 'Edit' }).tap();
  await table.getByRole('row', { name: new RegExp(device.awsId) }).tap();
  const dialog = page.getByRole('dialog', { name: 'Edit Device' });
  await expect(dialog.getByLabel('Serial Number')).toHaveValue(device.awsId);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('X', { exact: true }).fill('321');
  await dialog.getByLabel('Y', { exact: true }).fill('123');
  await dialog.getByRole('button', { name: 'Save' }).tap();
  await expect(dialog).toHaveCount(0);
  const mark = canvas.locator(`[data-entity-key="iot:${device.id}"]`);
  await expect(mark).toHaveAttribute('data-state', 'pending');
  await expect(mark).toHaveAttribute('transform', 'translate(321 123)');
  await expect(page.getByTestId('connectivity')).toHaveText('Offline · 1 queued');

  await page.reload();
  await expect(canvas).toBeVisible();
  await expect(mark).toHaveAttribute('data-state', 'pending');
  await page.getByRole('tab', { name: /^IoT Devices/ }).tap();
  await expect(table.getByRole('row', { name: new RegExp(device.awsId) })).toContainText('Pending');

  await context.setOffline(false);
  await expect(page.getByTestId('connectivity')).toHaveText('Online');
  await expect(mark).toHaveAttribute('data-state', 'saved');
  const stored = (await api.get<{ data: Thing[] }>(`/iot/things?groupIds=${UNIT}&take=100`)).data.filter((t) => t.id === device.id);
  expect(stored).toEqual([expect.objectContaining({ name, groupId: UNIT, x: 321, y: 123 })]);
});
