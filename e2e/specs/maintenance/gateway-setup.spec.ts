import { expect, test } from '@playwright/test';
import type { Gateway } from '../../../server/src/contracts/gateways';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { gatewaySimulator } from '../../fixtures/gateways';
import { GatewaySetupDrawer } from '../../pages/gateway-setup-drawer';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// Gateway Setup as the provider's administrator does it on a tablet: two gateways just plugged in
// announce themselves into the setup queue, are named, placed in the location the page shows and
// sent the ward's WiFi; one of them fails its setup. Both leave the queue; the toast counts 1/2.

const PATH = '/app/maintenance/gateways';
const LOCATION = 4; // St. Mary's – Main Tower
const QUEUE = 39;

test.use({ viewport: { width: 1024, height: 1366 }, hasTouch: true });

test.describe('Gateway Setup', () => {
  test('new gateways are named, placed and configured; a failing one is counted', async ({ page, context }) => {
    test.setTimeout(120_000);
    await signedInAs(page, 'admin');
    const api = apiAs(page.request, await idTokenOf(page));
    const simulator = gatewaySimulator(page.request);
    const [passing, failing] = (await simulator.announceGateways(2)) as [string, string];
    const suffix = Date.now().toString(36).slice(-5).toUpperCase();
    const [passingName, failingName] = [`Setup ${suffix} A`, `Setup ${suffix} B`];
    await simulator.failSetup([failing], true);
    try {
      await page.goto(`${PATH}?groupId=${LOCATION}`);
      const setup = new GatewaySetupDrawer(page);
      await setup.open();
      await expect(setup.card(passing)).toBeVisible();
      await expect(setup.card(failing)).toBeVisible();
      await expect(setup.message(passing)).toHaveText('Name this Gateway to add it to the setup queue');
      await expect(setup.location()).toContainText('Main Tower');
      // Escape in the location picker closes the picker, not the drawer.
      await setup.location().click();
      // The picker's own search, once its dropdown shows (another Search field may be on the page).
      const picker = page.locator(`[id="${await setup.location().getAttribute('aria-controls')}"]`);
      await picker.getByRole('textbox', { name: 'Search' }).focus();
      await expect(picker.getByRole('textbox', { name: 'Search' })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(setup.location()).toHaveAttribute('aria-expanded', 'false');
      await expect(setup.root()).toBeVisible();
      await expect(setup.submit()).toBeDisabled();

      await setup.name(passing, passingName);
      await setup.name(failing, failingName);
      // A WiFi network name is still missing.
      await expect(setup.submit()).toBeDisabled();
      await setup.wifiName().fill('Ward-WiFi');
      await setup.wifiPassword().fill('short');
      await expect(setup.root().getByText('A WiFi password has at least 8 characters')).toBeVisible();
      await expect(setup.submit()).toBeDisabled();
      await setup.wifiPassword().fill('');
      await setup.chooseTimeZone('America/Chicago');
      await expect(setup.submit()).toBeEnabled();

      // Setting up talks to live gateways: not without a connection.
      await context.setOffline(true);
      await expect(setup.offlineNotice()).toBeVisible();
      await expect(setup.submit()).toBeDisabled();
      await context.setOffline(false);
      await expect(setup.offlineNotice()).toBeHidden();

      await setup.submit().click();
      await expect(setup.message(passing)).toHaveText('Gateway set up', { timeout: 15_000 });
      await expect(setup.message(failing)).toHaveText('Gateway setup failed', { timeout: 15_000 });
      await expect(page.getByText('Gateway Setup: 1/2 succeeded.')).toBeVisible();

      // Both were named and placed: neither waits in the queue any more.
      const queue = await api.get<Gateway[]>(`/devices/gateway/${QUEUE}`);
      expect(queue.map((g) => g.mac)).not.toContain(passing);
      expect(queue.map((g) => g.mac)).not.toContain(failing);
      await setup.close();
      await setup.open();
      await expect(setup.card(passing)).toHaveCount(0);
      await expect(setup.card(failing)).toHaveCount(0);
      await setup.close();

      const placed = await api.get<Gateway[]>(`/devices/gateway/${LOCATION}`);
      expect(placed.find((g) => g.mac === passing)).toMatchObject({ name: passingName, groupId: LOCATION });
      await expect(page.getByRole('article', { name: passingName, exact: true })).toBeVisible();
    } finally {
      await simulator.failSetup([failing], false);
    }
  });

  test('a hospital’s technician, whose scope does not hold the queue, is not offered Setup', async ({ page }) => {
    await signedInAs(page, 'tech', `${PATH}?groupId=2`);
    await expect(page.getByRole('heading', { name: 'Gateways' })).toBeVisible();
    const setup = new GatewaySetupDrawer(page);
    await setup.actions().click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Setup' })).toHaveCount(0);
  });
});
