import { expect, test, type Page } from '@playwright/test';
import type { Gateway } from '../../../server/src/contracts/gateways';
import type { MacLookup } from '../../../server/src/contracts/device-registry';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { gatewaySimulator } from '../../fixtures/gateways';
import { FindDevicesDialog } from '../../pages/find-devices-dialog';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// Find devices as a technician uses it on a ward tablet: a gateway of the unit scans, the devices
// it hears come in live, new or already known; Add reads their versions through the gateway and
// creates the new ones in the unit, one of them out of reach. A gateway that does not answer is
// marked after 5 s. The unit is one no other browser test scans or adds devices to; each test
// uses a gateway of its own there (the devices a gateway hears are the same on every scan, so
// those added are no longer new afterwards).

const PATH = '/app/maintenance/gateways';
const UNIT = { id: 16, name: 'Emergency – Level 1' }; // Riverside
type Api = ReturnType<typeof apiAs>;

/** The unit's gateways that are no kiosk, by name: the first scans and adds, the second stays silent. */
async function fieldGateways(api: Api): Promise<[Gateway, Gateway]> {
  const gateways = (await api.get<Gateway[]>(`/devices/gateway/${UNIT.id}`)).filter((g) => !g.station).sort((a, b) => a.name.localeCompare(b.name));
  expect(gateways.length).toBeGreaterThanOrEqual(2);
  return gateways as [Gateway, Gateway];
}

async function openWith(page: Page, gateway: Gateway): Promise<FindDevicesDialog> {
  await page.goto(`${PATH}?groupId=${UNIT.id}`);
  await page.getByRole('article', { name: gateway.name, exact: true }).getByRole('checkbox', { name: `Select ${gateway.name}` }).check();
  const dialog = new FindDevicesDialog(page);
  await dialog.open();
  // The page's selection is the dialog's choice of gateways.
  await expect(dialog.root().getByText(gateway.name, { exact: true })).toBeVisible();
  return dialog;
}

test.use({ viewport: { width: 1024, height: 1366 }, hasTouch: true });

test.describe('Find devices', () => {
  test('a scan lists the devices a gateway hears and adds the new ones to the unit', async ({ page }) => {
    test.setTimeout(120_000);
    await signedInAs(page, 'tech');
    const api = apiAs(page.request, await idTokenOf(page));
    const simulator = gatewaySimulator(page.request);
    const [gateway] = await fieldGateways(api);
    const find = await openWith(page, gateway);

    await find.chooseDuration('15 s');
    await find.find().tap();
    await expect(find.progress()).toBeVisible();
    await expect(find.stop()).toBeVisible();
    await expect(find.gatewayStatus(gateway.name)).toContainText('Scanning');
    // Heard devices arrive while the scan runs; the unit's own devices are there already.
    await expect(find.rows().filter({ hasText: 'New' }).first()).toBeVisible({ timeout: 10_000 });
    await expect(find.rows().filter({ hasText: `Exists at ${UNIT.name}` }).first()).toBeVisible({ timeout: 10_000 });
    await expect(find.add()).toBeDisabled();
    await expect(find.gatewayStatus(gateway.name)).toContainText('Done', { timeout: 20_000 });
    await expect(find.rows().filter({ hasText: 'Checking…' })).toHaveCount(0);

    const macs = await find.newMacs();
    expect(macs.length).toBeGreaterThanOrEqual(2);
    for (const mac of macs) expect((await api.get<MacLookup>(`/devices/mac/${mac}`)).exists).toBe(false);
    const [unreachable, ...reachable] = macs as [string, ...string[]];
    await simulator.unreachableDevices([unreachable], true);
    try {
      await expect(find.add()).toBeEnabled();
      await expect(find.add()).toHaveText(`Add (${macs.length})`);
      await find.add().tap();
      await expect(find.row(reachable[0]!)).toContainText('Connecting');
      for (const mac of reachable) await expect(find.row(mac)).toContainText('Successfully Added', { timeout: 30_000 });
      await expect(find.row(unreachable)).toContainText('Error connecting to device');
      await expect(page.getByText(`${reachable.length} device(s) created.`)).toBeVisible();
      await expect(page.getByText('1 device(s) failed.')).toBeVisible();
    } finally {
      await simulator.unreachableDevices([unreachable], false);
    }

    for (const mac of reachable) {
      const found = await api.get<MacLookup>(`/devices/mac/${mac}`);
      expect(found).toMatchObject({ exists: true, device: { groupId: UNIT.id } });
    }
    expect((await api.get<MacLookup>(`/devices/mac/${unreachable}`)).exists).toBe(false);
    // Only the failed one is offered again.
    await expect(find.add()).toHaveText('Add (1)');
    await find.close();
  });

  test('a gateway that does not answer is marked after 5 s; offline, nothing can be found', async ({ page, context }) => {
    test.setTimeout(90_000);
    await signedInAs(page, 'tech');
    const api = apiAs(page.request, await idTokenOf(page));
    const simulator = gatewaySimulator(page.request);
    const [, gateway] = await fieldGateways(api);
    await simulator.silenceGateways([gateway.mac], true);
    try {
      const find = await openWith(page, gateway);
      await find.find().tap();
      const started = Date.now();
      await expect(find.gatewayStatus(gateway.name)).toContainText('Awaiting response');
      await expect(find.gatewayStatus(gateway.name)).toContainText('No response', { timeout: 10_000 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
      await expect(find.rows()).toHaveCount(0);
      await find.stop().tap();
      await expect(find.find()).toBeVisible();

      // Scanning asks live gateways: not without a connection.
      await context.setOffline(true);
      await expect(find.offlineNotice()).toBeVisible();
      await expect(find.find()).toBeDisabled();
      await context.setOffline(false);
      await expect(find.offlineNotice()).toBeHidden();
      await expect(find.find()).toBeEnabled();
      await find.close();
    } finally {
      await simulator.silenceGateways([gateway.mac], false);
    }
  });
});
