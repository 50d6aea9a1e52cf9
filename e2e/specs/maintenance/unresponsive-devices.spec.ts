import { expect, test, type Page } from '@playwright/test';
import type { UnresponsiveDevice } from '../../../server/src/contracts/unresponsive-devices';
import type { DeviceModel } from '../../../server/src/contracts/device-registry';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { signedInAs } from '../../fixtures/session';

// Unresponsive Devices as a technician uses it: a unit's devices silent since yesterday (the
// demo's silent ones, last heard days ago, and a badge the test adds, never heard), narrowed by
// type, dates and search, the filters kept in the address through a reload. The unit is one no
// other browser test adds devices to.

const PATH = '/app/maintenance/unresponsive-devices';
const UNIT = { id: 18, name: 'Oncology – 6 East' };
/** How long ago, and a heartbeat past 24 h said as its health (docs/SCREENS.md 'Device health'). */
const AGO = /^(just now|\d+ (minute|hour|day|month|year)s? ago)( \(Heartbeat: (Warning|Error)\))?$/;

type Api = ReturnType<typeof apiAs>;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A badge added to the unit: never heard, so unresponsive whatever the range. */
async function addSilentBadge(api: Api): Promise<{ mac: string; name: string }> {
  const model = (await api.get<DeviceModel[]>('/devices/models?type=BADGE')).find((m) => m.versions.length > 0);
  if (!model) throw new Error('no badge model with firmware');
  const mac = ['0A', ...[...crypto.getRandomValues(new Uint8Array(5))].map((b) => b.toString(16).padStart(2, '0').toUpperCase())].join(':');
  const name = `Silent probe ${mac.slice(-5).replace(':', '')}`;
  await api.post('/devices', { mac, type: 'BADGE', groupId: UNIT.id, modelId: model.id, firmwareVersionId: model.versions[0]!.id, name });
  return { mac, name };
}

const unresponsive = (api: Api, startDate: string, endDate: string) =>
  api.get<UnresponsiveDevice[]>(`/devices/group/unresponsive?groupIds=${UNIT.id}&startDate=${startDate}&endDate=${endDate}`);

const table = (page: Page) => page.getByRole('table', { name: 'Unresponsive devices' });
const rows = (page: Page) => table(page).locator('tbody tr');
const count = (page: Page) => page.getByRole('status').filter({ hasText: /^[\d,]+ devices?$/ });
const searchBox = (page: Page) => page.getByPlaceholder('Name or MAC');
const typeField = (page: Page) => page.getByRole('textbox', { name: 'Device type' }).or(page.getByRole('combobox', { name: 'Device type' })).first();
const devicesText = (n: number) => (n === 1 ? '1 device' : `${n} devices`);

async function search(page: Page, text: string) {
  await searchBox(page).fill(text);
  await searchBox(page).press('Enter');
}

test('lists a unit’s silent devices with how long ago they were heard, narrowed by type, dates and search, kept through a reload', async ({ page }) => {
  test.slow();
  await signedInAs(page, 'tech');
  const api = apiAs(page.request, await idTokenOf(page));
  const probe = await addSilentBadge(api);
  const expected = await unresponsive(api, day(-1), day(0));
  expect(expected.map((d) => d.mac)).toContain(probe.mac);
  const demoSilent = expected.find((d) => d.lastHeard !== null);
  expect(demoSilent, 'the demo has silent devices in the unit').toBeDefined();
  // The demo's devices heard since the history was written are not there.
  const everyDevice = await api.get<{ id: number }[]>(`/devices/group?groupId=${UNIT.id}`);
  expect(expected.length).toBeLessThan(everyDevice.length);

  await page.goto(PATH);
  await expect(page.getByRole('heading', { name: 'Unresponsive Devices' })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();

  // The unit, chosen in the location tree.
  await page.getByRole('button', { name: /^Locations/ }).click();
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByPlaceholder('Search by name').fill('Oncology');
  await page.getByRole('checkbox', { name: UNIT.name }).check();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(new RegExp(`groupIds=${UNIT.id}(&|$)`));
  await expect(count(page)).toHaveText(devicesText(expected.length));

  // A demo device silent for days: its row says how long ago it was last heard.
  await search(page, demoSilent!.mac);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(demoSilent!.name);
  await expect(rows(page).first()).toContainText(UNIT.name);
  await expect(rows(page).first().getByRole('cell').last()).toHaveText(AGO);
  // Silent since before yesterday began, so more than 24 h: its heartbeat is a warning or an error.
  await expect(rows(page).first().getByTitle(/^Heartbeat: (Warning|Error) · /)).toBeVisible();
  await search(page, '');
  await expect(count(page)).toHaveText(devicesText(expected.length));

  // The type narrows the list to badges.
  await typeField(page).click();
  await page.getByRole('option', { name: 'Badge', exact: true }).click();
  await expect(page).toHaveURL(/deviceType=BADGE/);
  const badges = expected.filter((d) => d.type === 'BADGE');
  await expect(count(page)).toHaveText(devicesText(badges.length));
  await expect(table(page).locator('tbody tr td').getByText('Dispenser', { exact: true })).toHaveCount(0);

  // Silent through the last week.
  await page.getByRole('button', { name: /^Not heard during/ }).click();
  await page.getByRole('button', { name: 'Last Week' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('startDate')).toBe(day(-6));
  expect(new URL(page.url()).searchParams.get('endDate')).toBe(day(0));
  const weekBadges = (await unresponsive(api, day(-6), day(0))).filter((d) => d.type === 'BADGE');
  await expect(count(page)).toHaveText(devicesText(weekBadges.length));

  // The search narrows to the badge added, never heard.
  await search(page, probe.name);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(probe.mac);
  await expect(rows(page).first().getByRole('cell').last()).toHaveText('Never');

  await page.reload();
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toEqual({
    groupIds: String(UNIT.id),
    deviceType: 'BADGE',
    search: probe.name,
    startDate: day(-6),
    endDate: day(0),
  });
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(probe.mac);
  await expect(searchBox(page)).toHaveValue(probe.name);
  await expect(typeField(page)).toHaveValue('Badge');
  await expect(page.getByRole('button', { name: /^Locations/ })).toContainText(UNIT.name);
});
