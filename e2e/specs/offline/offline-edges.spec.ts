import { expect, test, type Page } from '@playwright/test';
import type { WearableList } from '../../../server/src/contracts/wearables';
import { apiAs, idTokenOf, serviceWorkerInControl } from '../../fixtures/api';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// A technician on an upright tablet, the network cut on a ward.
test.use({ viewport: { width: 800, height: 1280 }, hasTouch: true, isMobile: true });
test.describe.configure({ timeout: 120_000 });

async function technicianOnline(page: Page, request: Parameters<typeof apiAs>[0]) {
  await signedInAs(page, 'tech');
  const api = apiAs(request, await idTokenOf(page));
  const badge = (await api.get<WearableList>('/devices/wearables?type=BADGE')).data.find((b) => b.active && !b.staged);
  expect(badge).toBeDefined();
  return { api, groupId: badge!.groupId };
}

test('screens never opened on the device say offline what is unavailable and what still works', async ({ page, context, request }) => {
  const { groupId } = await technicianOnline(page, request);
  await serviceWorkerInControl(page);
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);

  await page.goto(`/app/maintenance/stations?groupId=${groupId}`);
  const stations = page.getByTestId('load-offline').first();
  await expect(stations).toContainText('Not available offline');
  await expect(stations).toContainText('NFC tags and badges can still be assigned offline');
  await expect(stations).toContainText('It loads when the connection is back.');
  await expect(page.getByText(/Failed to fetch/)).toHaveCount(0);

  // A week of the User Overview this device never loaded.
  await page.goto('/app/reports/user-overview?date=2026-01-11');
  await expect(page.getByTestId('offline-stamp')).toBeVisible();
  const section = page.getByTestId('load-offline').first();
  await expect(section).toContainText('This section has not been loaded on this device yet');
  await expect(page.getByText(/Failed to fetch|Could not load this section/)).toHaveCount(0);

  // Back online, the screen loads by itself.
  await context.setOffline(false);
  await expect(page.getByTestId('load-offline')).toHaveCount(0);
});

test('a badge added offline uses the models the page kept, and reconnecting says the change was sent', async ({ page, context, request }) => {
  const { api, groupId } = await technicianOnline(page, request);
  const mac = Array.from({ length: 6 }, () => Math.floor(Math.random() * 256).toString(16).padStart(2, '0').toUpperCase()).join(':');

  await page.goto(`/app/maintenance/badges?groupId=${groupId}`);
  await expect(page.getByRole('table', { name: 'Badges' }).locator('tbody tr').first()).toBeVisible();
  await serviceWorkerInControl(page);
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);

  await page.getByRole('button', { name: 'Add badge' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Add badge' });
  await expect(dialog.getByText('The models load when the connection is back.')).toHaveCount(0);
  await dialog.getByLabel('MAC address').fill(mac);
  const model = dialog.getByRole('combobox', { name: 'Model' });
  if ((await model.inputValue()) === '') {
    await model.tap();
    await page.getByRole('option').first().tap();
  }
  await dialog.getByRole('combobox', { name: 'Firmware version' }).tap();
  await page.getByRole('option').first().tap();
  await dialog.getByRole('button', { name: 'Add', exact: true }).tap();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('table', { name: 'Badges' }).getByRole('row').filter({ hasText: mac });
  await page.getByLabel('Search').fill(mac);
  await expect(row).toContainText('Pending');

  await context.setOffline(false);
  await expect(page.getByText('1 change sent')).toBeVisible();
  await expect(row).not.toContainText('Pending');
  const stored = await api.get<WearableList>(`/devices/wearables?type=BADGE&groupId=${groupId}&search=${encodeURIComponent(mac)}`);
  expect(stored.data.map((b) => b.mac)).toEqual([mac]);
});
