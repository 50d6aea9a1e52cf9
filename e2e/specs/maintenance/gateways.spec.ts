import { expect, test, type Page } from '@playwright/test';
import type { Gateway } from '../../../server/src/contracts/gateways';
import { apiAs, idTokenOf, serviceWorkerInControl } from '../../fixtures/api';
import { gatewaySimulator } from '../../fixtures/gateways';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// Gateways as a technician uses it on a ward tablet: a location's gateways found and narrowed,
// one opened in its drawer; a software update dispatched to three gateways and watched as the
// simulated gateways carry it out, one of them failing; the same dispatched without signal,
// through a reload, sent once on reconnect; a kiosk gateway's remote terminal.

const PATH = '/app/maintenance/gateways';
type Api = ReturnType<typeof apiAs>;

const gatewaysOf = (api: Api, groupId: number) => api.get<Gateway[]>(`/devices/gateway/${groupId}`);
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const indicator = (page: Page) => page.getByTestId('connectivity');
/** Non-kiosk gateways running an older lavo-gateway than their model's latest, by name. */
const outdated = (gateways: Gateway[]) =>
  gateways.filter((g) => !g.station && g.updateStatus === null && g.software.some((p) => p.name === 'lavo-gateway' && p.outdated)).sort((a, b) => a.name.localeCompare(b.name));

test.use({ viewport: { width: 1024, height: 1366 }, hasTouch: true });

test.describe('Gateways', () => {
  test('a technician narrows a location’s gateways and opens one in its drawer', async ({ page }) => {
    const LOCATION = 2; // St. Mary's Hospital
    await signedInAs(page, 'tech');
    // Other specs place gateways under St. Mary's meanwhile (Gateway Setup): the page is held to
    // the newest answer it was given, not to one asked for before it loaded.
    let answered: Gateway[] | null = null;
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (response.request().method() === 'GET' && url.pathname === `/api/devices/gateway/${LOCATION}` && response.ok()) {
        void response.json().then((body: Gateway[]) => (answered = body), () => {});
      }
    });
    await page.goto(`${PATH}?groupId=${LOCATION}`);
    await expect(page.getByRole('heading', { name: 'Gateways' })).toBeVisible();
    await expect.poll(async () => answered !== null && (await page.getByTestId('gateway-card').count()) === answered.length).toBe(true);
    const kiosks = (answered as Gateway[] | null)?.filter((g) => g.station) ?? [];
    expect(kiosks.length).toBeGreaterThan(0);

    await page.getByRole('textbox', { name: 'Type' }).or(page.getByRole('combobox', { name: 'Type' })).first().click();
    await page.getByRole('option', { name: 'Station', exact: true }).click();
    await expect(page.getByTestId('gateway-card')).toHaveCount(kiosks.length);
    await expect(card(page, kiosks[0]!.name).getByText('Station', { exact: true })).toBeVisible();

    // No demo gateway of the hospital was created within a day.
    const shown = page.getByRole('radiogroup', { name: 'Gateways shown' });
    await shown.getByText('Recent', { exact: true }).tap();
    await expect(page.getByText('No Recent Gateways')).toBeVisible();
    await shown.getByText('All', { exact: true }).tap();

    const search = page.getByRole('textbox', { name: 'Search' });
    await search.fill(kiosks[0]!.mac.replace(/:/g, '').toLowerCase());
    await search.press('Enter');
    await expect(page).toHaveURL(/search=/);
    await expect(page.getByTestId('gateway-card')).toHaveCount(1);

    await card(page, kiosks[0]!.name).getByRole('button', { name: `Details of ${kiosks[0]!.name}` }).tap();
    const drawer = page.getByTestId('gateway-drawer');
    await expect(drawer.getByText(kiosks[0]!.mac)).toBeVisible();
    await expect(drawer.getByRole('table', { name: 'Software' })).toContainText('lavo-kiosk');
    await expect(drawer.getByRole('heading', { name: 'Last 24 hours' })).toBeVisible();
    const handle = drawer.getByRole('separator', { name: 'Resize the drawer' });
    await expect(handle).toHaveAttribute('aria-valuenow', '75');
    await handle.focus();
    await page.keyboard.press('ArrowUp');
    await expect(handle).toHaveAttribute('aria-valuenow', '80');
  });

  test('a software update dispatched to three gateways advances to Updated, and a failure is shown', async ({ page }) => {
    test.setTimeout(180_000);
    const LOCATION = 4; // St. Mary's – Main Tower
    await signedInAs(page, 'tech');
    const api = apiAs(page.request, await idTokenOf(page));
    const simulator = gatewaySimulator(page.request);
    const chosen = outdated(await gatewaysOf(api, LOCATION)).slice(0, 3);
    expect(chosen).toHaveLength(3);
    const [failing, ...passing] = chosen as [Gateway, Gateway, Gateway];
    const macs = chosen.map((g) => g.mac);
    await simulator.holdOperations(macs, true);
    await simulator.failSoftware([failing.mac], true);
    try {
      await page.goto(`${PATH}?groupId=${LOCATION}`);
      for (const g of chosen) await card(page, g.name).getByRole('checkbox', { name: `Select ${g.name}` }).check();
      await page.getByRole('button', { name: 'Update software (3)' }).tap();
      const dialog = page.getByRole('dialog', { name: 'Update software' });
      await expect(dialog.getByText('3 gateways will be updated.')).toBeVisible();
      await dialog.getByRole('button', { name: 'Dispatch' }).tap();
      await expect(page.getByText('Software update jobs dispatched!')).toBeVisible();
      // Held: the jobs wait on the server, shown as pending.
      for (const g of chosen) await expect(card(page, g.name).getByText(/Update pending/).first()).toBeVisible();

      await simulator.holdOperations(macs, false);
      for (const g of passing) await expect(card(page, g.name).getByText(/^Updated: /).first()).toBeVisible({ timeout: 60_000 });
      await expect(card(page, failing.name).getByText(/^Update failed: /).first()).toBeVisible({ timeout: 60_000 });
      await card(page, failing.name).getByRole('button', { name: `Details of ${failing.name}` }).tap();
      await expect(page.getByTestId('update-status')).toHaveAttribute('data-status', 'FAILED');
      await expect(page.getByTestId('update-status')).toContainText('Installation failed');

      const after = await gatewaysOf(api, LOCATION);
      for (const g of passing) {
        const now = after.find((a) => a.id === g.id)!;
        expect(now.software.find((p) => p.name === 'lavo-gateway')).toMatchObject({ outdated: false });
      }
    } finally {
      await simulator.failSoftware([failing.mac], false);
      await simulator.holdOperations(macs, false);
    }
  });

  test('a software update dispatched offline survives a reload and is sent once on reconnect', async ({ page, context }) => {
    test.setTimeout(180_000);
    const LOCATION = 3; // Riverside General Hospital
    await signedInAs(page, 'tech');
    const api = apiAs(page.request, await idTokenOf(page));
    const [gateway] = outdated(await gatewaysOf(api, LOCATION));
    expect(gateway).toBeDefined();
    await page.goto(`${PATH}?groupId=${LOCATION}&search=${encodeURIComponent(gateway!.mac)}`);
    await serviceWorkerInControl(page);
    await page.reload();
    await expect(card(page, gateway!.name)).toBeVisible();
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await card(page, gateway!.name).getByRole('button', { name: `Details of ${gateway!.name}` }).tap();
    await page.getByTestId('gateway-drawer').getByRole('button', { name: 'Update software' }).tap();
    await page.getByRole('dialog', { name: 'Update software' }).getByRole('button', { name: 'Dispatch' }).tap();
    await expect(page.getByText('Saved on this device')).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).first().click();
    await expect(card(page, gateway!.name).getByText('Update queued')).toBeVisible();
    await expect(indicator(page)).toHaveText('Offline · 1 queued');

    await page.reload();
    await expect(indicator(page)).toHaveText('Offline · 1 queued');
    await expect(card(page, gateway!.name).getByText('Update queued')).toBeVisible();

    await context.setOffline(false);
    await expect(indicator(page)).toHaveText('Online');
    await expect(card(page, gateway!.name).getByText(/^Updated: lavo-gateway /).first()).toBeVisible({ timeout: 60_000 });
    const now = (await gatewaysOf(api, LOCATION)).find((g) => g.id === gateway!.id)!;
    expect(now.software.find((p) => p.name === 'lavo-gateway')).toMatchObject({ outdated: false });
    expect(now.updateStatus).toMatchObject({ status: 'UPDATED' });
  });

  test('a kiosk gateway’s remote terminal runs a quick command and opens a session', async ({ page }) => {
    const LOCATION = 6; // ICU – 3 North, with Kiosk 3N
    await signedInAs(page, 'tech', `${PATH}?groupId=${LOCATION}`);
    await card(page, 'Kiosk 3N').getByRole('button', { name: 'Details of Kiosk 3N' }).tap();
    const drawer = page.getByTestId('gateway-drawer');
    await expect(drawer.getByText('Remote terminal')).toBeVisible();
    const commands = drawer.getByRole('button', { name: 'Commands for Kiosk 3N' });
    await expect(commands).toBeEnabled();
    // The drawer may still be settling (sliding in, its gateway read again): a tap that opened no
    // menu is made again, as a user would, never one that would close an open menu.
    const getDate = page.getByRole('menuitem', { name: 'Get date' });
    await expect(async () => {
      if ((await commands.getAttribute('aria-expanded')) !== 'true') await commands.tap();
      await expect(getDate).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await getDate.tap();
    await expect(drawer.getByTestId('command-log')).toContainText('Connecting to gateway.');
    await expect(drawer.getByTestId('command-output')).toBeVisible();
    await drawer.getByRole('button', { name: 'Open terminal session' }).tap();
    await expect(drawer.getByTestId('terminal-state').getByRole('link')).toHaveAttribute('href', /^https:\/\//);
    await drawer.getByRole('button', { name: 'Close terminal session' }).tap();
    await expect(drawer.getByTestId('terminal-state')).toHaveText('Tmate Disabled');
  });
});
