import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { WearableList } from '../../../server/src/contracts/wearables';
import { COMMAND_MESSAGES } from '../../../src/entities/gateways/gateway-commands';
import { PENDING_REMOVED_TITLE } from '../../../src/features/stations/stations-ui';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { gatewaySimulator } from '../../fixtures/gateways';
import { StationsPage, type StationTimers } from '../../pages/stations-page';
import { signedInAs } from '../../fixtures/session';

// The demo's kiosk gateways and their units (server/src/db/demo/devices-data.ts). Each test uses
// its own, so tests running side by side do not see each other's docks.
const KIOSKS = {
  dock: { name: 'Kiosk 3N', groupId: 6 },
  assign: { name: 'Kiosk ED-G', groupId: 8 },
  silent: { name: 'Kiosk 4E', groupId: 10 },
  cli: { name: 'Kiosk 2N', groupId: 15 },
  noReply: { name: 'Kiosk ED-1', groupId: 16 },
} as const;

/** Shortened protocol timers (the documented test setting), for the tests that wait on them. */
const SHORT_TIMERS: StationTimers = { pingMs: 1000, deadMs: 2500, joinMs: 2000, retryMs: 3000 };

/** A kiosk answering normally, its Stations page open with the session Live (and the panel open unless told not to). */
async function openLiveKiosk(
  page: Page,
  request: APIRequestContext,
  kiosk: (typeof KIOSKS)[keyof typeof KIOSKS],
  options: { timers?: StationTimers; expanded?: boolean } = {},
) {
  const sim = gatewaySimulator(request);
  const gateway = await sim.byName(kiosk.name);
  await sim.mode(gateway.mac, 'normal');
  const stations = new StationsPage(page);
  if (options.timers) await stations.useTimers(options.timers);
  await signedInAs(page, 'admin');
  const panel = await stations.openKiosks(kiosk.groupId);
  await expect(panel.sessionState()).toHaveText('Live');
  if (options.expanded !== false) await panel.expand();
  return { sim, gateway, panel, stations };
}

test('a wristband docked by the gateway appears in the Feed and its slot within a second', async ({ page, request }) => {
  const { sim, gateway, panel, stations } = await openLiveKiosk(page, request, KIOSKS.dock);

  // Free a slot, then dock that wristband again.
  const occupied = gateway.stations[0]!.slots.find((s) => s.wristband)!;
  const undocked = await sim.undock(gateway.mac, { slot: occupied.slot });
  await expect(panel.slot(occupied.slot)).toHaveAttribute('data-wristband', '');
  const docked = await sim.dock(gateway.mac, { wristbandMac: undocked.wristbandMac, slot: occupied.slot });
  await expect(stations.feedEntries({ kind: 'DOCK', wristband: docked.wristband.mac })).toBeVisible({ timeout: 1000 });
  await expect(panel.slot(docked.slot)).toHaveAttribute('data-wristband', docked.wristband.mac, { timeout: 1000 });
  await expect(stations.feedEntries({ kind: 'UNDOCK', wristband: undocked.wristbandMac })).toBeVisible();
});

test('a pending assignment is removed with a notice when its wristband is undocked', async ({ page, request }) => {
  const { sim, gateway, panel, stations } = await openLiveKiosk(page, request, KIOSKS.assign);
  // The gateway holds the assignment back (answers late), so it stays pending.
  await sim.mode(gateway.mac, 'late', 4_000);

  const fresh = await sim.byName(KIOSKS.assign.name);
  const free = fresh.stations[0]!.slots.find((s) => s.wristband && !s.wristband.syncEnabled && !s.wristband.status.working && !s.wristband.isUpdating);
  expect(free, 'a wristband that may be assigned').toBeTruthy();
  const slot = free!.slot;

  await stations.tab('Assign').click();
  // 100 users at first, 48 more each time.
  await expect(page.getByText(/^Showing 100 of \d+ users$/)).toBeVisible();
  await stations.loadMoreUsers().click();
  await expect(page.getByText(/^Showing 148 of \d+ users$/)).toBeVisible();
  await stations.userOptions().first().click();
  await panel.slot(slot).click();
  await stations.assignButton(/^Assign /).click();
  await expect(stations.slotDialog()).toBeHidden();
  const pending = stations.pendingAssignments();
  await expect(pending).toHaveCount(1);

  await sim.undock(gateway.mac, { slot });
  await expect(page.getByText(PENDING_REMOVED_TITLE)).toBeVisible();
  await expect(pending).toHaveCount(0);
  await sim.mode(gateway.mac, 'normal');
  await sim.dock(gateway.mac, { wristbandMac: free!.wristband!.mac, slot });
});

test("a gateway that falls silent shows 'Disconnected / No Response'", async ({ page, request }) => {
  const { sim, gateway, panel, stations } = await openLiveKiosk(page, request, KIOSKS.silent, { timers: SHORT_TIMERS, expanded: false });
  await sim.mode(gateway.mac, 'silent');
  await expect(panel.sessionState()).toHaveText('Disconnected / No Response', { timeout: 10_000 });
  await expect(stations.feedEntries({ kind: 'ERROR' }).first()).toBeVisible();
  // Answering again, it is joined again after the retry.
  await sim.mode(gateway.mac, 'normal');
  await expect(panel.sessionState()).toHaveText('Live', { timeout: 10_000 });
  await expect(stations.feedEntries({ kind: 'REJOIN' }).first()).toBeVisible();
});

test("a cli command's output is shown", async ({ page, request }) => {
  const { panel, stations } = await openLiveKiosk(page, request, KIOSKS.cli);
  await stations.runCommand(panel, KIOSKS.cli.name, 'Get date');
  const log = panel.commandLog();
  await expect(log).toContainText(COMMAND_MESSAGES.connecting);
  await expect(panel.commandOutput()).toContainText(String(new Date().getUTCFullYear()));
  // The gateway's 202 and 200 read as the steps they are, not as codes.
  await expect(log).toContainText('Running');
  await expect(log).toContainText('Done');
  await expect(log).not.toContainText(/\b20[02] ·/);
});

test("a command without a reply shows 'Unable to establish connection with gateway.'", async ({ page, request }) => {
  const { sim, gateway, panel, stations } = await openLiveKiosk(page, request, KIOSKS.noReply);
  await sim.mode(gateway.mac, 'silent');
  try {
    // A silent gateway misses the station session's pings, and the panel redraws when it says so.
    await stations.runCommand(panel, KIOSKS.noReply.name, 'Get date');
    await expect(panel.commandLog()).toContainText(COMMAND_MESSAGES.connecting);
    await expect(panel.commandLog()).toContainText(COMMAND_MESSAGES.noReply, { timeout: 8000 });
  } finally {
    await sim.mode(gateway.mac, 'normal');
  }
});

test('the stations page says what to do without a location, and pages through kiosks', async ({ page }) => {
  const stations = new StationsPage(page);
  await signedInAs(page, 'admin');
  await stations.goto();
  await expect(page.getByText('Please select a location')).toBeVisible();
  // The whole network: every kiosk of the demo, five to a page.
  await stations.goto({ groupId: 1 });
  await expect(stations.kioskPanels()).toHaveCount(5);
  await expect(page.getByText(/^Showing 1 to 5 of \d+ stations$/)).toBeVisible();
  await stations.goto({ groupId: 6, search: 'no-such-kiosk' });
  await expect(page.getByText('No kiosk gateways found')).toBeVisible();

  // With both permissions, the type picker shows the NFC stations' table.
  await stations.goto({ groupId: 1 });
  await stations.showNfcStations();
  const table = stations.nfcTable();
  for (const header of ['MAC Address', 'Device Name', 'Station Name', 'Device Type', 'Model', 'Battery %', 'Firmware Version', 'Last Status']) {
    await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  }
  await expect(table.getByRole('row').filter({ hasText: 'NFC Station' }).first()).toBeVisible();
  await expect(page).toHaveURL(/type=nfc/);
});

test('an assignment written by the station is recorded for the wristband', async ({ page, request }) => {
  const { sim, panel, stations } = await openLiveKiosk(page, request, KIOSKS.cli);
  const fresh = await sim.byName(KIOSKS.cli.name);
  const target = fresh.stations[0]!.slots.find((s) => s.wristband && !s.wristband.syncEnabled && !s.wristband.status.working && !s.wristband.isUpdating);
  expect(target, 'a wristband that may be assigned').toBeTruthy();
  const mac = target!.wristband!.mac;

  await stations.tab('Assign').click();
  const option = stations.userOptions().nth(2);
  const name = await stations.userName(option);
  await option.click();
  await panel.slot(target!.slot).click();
  await stations.assignButton(`Assign ${name}`).click();
  await expect(page.getByText(`${name} assigned to wristband ${mac}.`)).toBeVisible();
  await expect(stations.pendingAssignments()).toHaveCount(0);
  await stations.tab('Feed').click();
  await expect(stations.feedEntries({ wristband: mac }).filter({ hasText: name }).first()).toBeVisible();

  const token = await idTokenOf(page);
  const wearables = await apiAs(request, token).get<WearableList>(`/devices/wearables?type=WRISTBAND&search=${encodeURIComponent(mac)}`);
  expect(wearables.data[0]?.user && `${wearables.data[0].user.firstName} ${wearables.data[0].user.lastName}`).toBe(name);
});
