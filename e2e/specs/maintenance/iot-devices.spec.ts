import { expect, test } from '@playwright/test';
import type { Thing } from '../../../server/src/contracts/iot';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { IotDevicesPage } from '../../pages/iot-devices-page';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

// The IoT Devices page as a technician uses it: the devices of a hospital narrowed by 'Last
// Online' and search, a device's metrics and history; a software update run on an outdated device
// that is offline (the IoT simulator plays only the online things, so its execution stays QUEUED),
// found in the jobs drawer and cancelled there. Each test uses devices of its own.

const LOCATION = 2; // St. Mary's Hospital
type Page = { data: Thing[]; totalCount: number };
const TEMPLATE_OF: Record<string, string> = {
  'fall-detector': 'Software Update – Fall Detector',
  'lavo-agent': 'Software Update – Lavo Agent',
  'nfc-reader': 'Software Update – NFC Reader',
};

test.use({ viewport: { width: 1024, height: 1366 }, hasTouch: true });

test.describe('IoT Devices', () => {
  test('a technician narrows the devices by Last Online and search, and opens a device’s metrics and history', async ({ page }) => {
    await signedInAs(page, 'tech');
    const api = apiAs(page.request, await idTokenOf(page));
    const stale = await api.get<Page>(`/iot/things?groupIds=${LOCATION}&lastOnline=over-7d`);
    expect(stale.data.length).toBeGreaterThan(0);
    const device = stale.data[0]!;

    // 'Gateways and IoT Devices' is one entry of the navigation: the Gateways page links here, keeping the location.
    const iot = new IotDevicesPage(page);
    await page.goto(`/app/maintenance/gateways?groupId=${LOCATION}`);
    await page.getByRole('navigation', { name: 'Gateways and IoT Devices' }).getByRole('link', { name: 'IoT Devices' }).click();
    await expect(page).toHaveURL(new RegExp(`/app/maintenance/iot-devices\\?groupId=${LOCATION}$`));
    await expect(iot.bodyRows().first()).toBeVisible();
    await iot.chooseLastOnline('Over 7 days');
    await expect(page).toHaveURL(/lastOnline=over-7d/);
    await expect(iot.bodyRows()).toHaveCount(Math.min(stale.data.length, 15));
    await expect(iot.row(device.awsId).getByText('Offline', { exact: true })).toBeVisible();

    await iot.searchFor(device.awsId);
    await expect(page).toHaveURL(/search=/);
    await expect(iot.bodyRows()).toHaveCount(1);

    await iot.rowAction(device.name, 'View History');
    const history = iot.dialog(`History of ${device.name}`);
    await expect(history.getByText('No device executions found')).toBeVisible();
    await history.getByRole('button', { name: 'Close history' }).click();
    // Seen nowhere in the demo's week of history: nothing to draw.
    await iot.rowAction(device.name, 'View Metrics');
    await expect(iot.dialog(`Metrics of ${device.name}`).getByText('No events')).toBeVisible();
    await iot.dialog(`Metrics of ${device.name}`).getByRole('button', { name: 'Close metrics' }).click();

    // An online device's metrics: its connectivity, then its data transfer by interval, with bullets.
    const online = (await api.get<Page>(`/iot/things?groupIds=${LOCATION}&lastOnline=online`)).data[0]!;
    await iot.chooseLastOnline('Currently online');
    await iot.searchFor(online.awsId);
    await expect(iot.bodyRows()).toHaveCount(1);
    await expect(iot.row(online.awsId).getByText('Online', { exact: true })).toBeVisible();
    await iot.rowAction(online.name, 'View Metrics');
    const metrics = iot.dialog(`Metrics of ${online.name}`);
    await expect(metrics.getByRole('img', { name: /^Connectivity chart/ })).toBeVisible();
    await metrics.getByText('Data Transfer', { exact: true }).click();
    await expect(metrics.getByRole('textbox', { name: 'Interval' }).or(metrics.getByRole('combobox', { name: 'Interval' })).first()).toHaveValue('30 min');
    await expect(metrics.getByRole('img', { name: /^Data Transfer chart/ })).toBeVisible();
    await metrics.getByRole('switch', { name: 'Bullets' }).check();
    await expect(metrics.getByRole('switch', { name: 'Bullets' })).toBeChecked();
  });

  test('a job run on an outdated device shows in the drawer, and its queued execution is cancelled', async ({ page }) => {
    await signedInAs(page, 'tech');
    const api = apiAs(page.request, await idTokenOf(page));
    // Offline but seen within the week: not played by the simulator, and not the first test's devices.
    const candidates = (await Promise.all(['0-12h', '12-24h', '1-7d'].map((bucket) => api.get<Page>(`/iot/things?groupIds=${LOCATION}&lastOnline=${bucket}`)))).flatMap((p) => p.data);
    const device = candidates.find((t) => t.outdated)!;
    expect(device, 'an outdated offline device').toBeTruthy();
    const pkg = device.packages.find((p) => p.outdated)!;
    const jobName = `E2E ${pkg.name} ${pkg.version.latest} ${device.awsId} ${Date.now()}`;

    const iot = new IotDevicesPage(page);
    await iot.goto(`?groupId=${LOCATION}&search=${device.awsId}`);
    await expect(iot.bodyRows()).toHaveCount(1);
    await expect(iot.runJobButton()).toHaveText('Run Job All');
    // The row's Action cell is pinned and opaque: it shows the selection's highlight as the rest of the row does.
    const actionCell = iot.row(device.awsId).getByRole('cell').last();
    const unselected = await actionCell.evaluate((td) => getComputedStyle(td).backgroundImage);
    await iot.selectRow(device.awsId);
    await expect(iot.runJobButton()).toHaveText('Run Job Selected (1)');
    const rowColour = await iot.row(device.awsId).evaluate((tr) => getComputedStyle(tr).backgroundColor);
    await expect.poll(() => actionCell.evaluate((td) => getComputedStyle(td).backgroundImage)).not.toBe(unselected);
    expect(await actionCell.evaluate((td) => getComputedStyle(td).backgroundImage)).toContain(rowColour);
    await iot.runJobButton().click();

    const form = iot.dialog('Run Job');
    await expect(form.getByText(`1 device: ${device.name}`)).toBeVisible();
    await form.getByRole('textbox', { name: 'Job template' }).or(form.getByRole('combobox', { name: 'Job template' })).first().click();
    await page.getByRole('option', { name: TEMPLATE_OF[pkg.name]!, exact: true }).click();
    await form.getByRole('textbox', { name: 'Job name' }).fill(jobName);
    await form.getByRole('textbox', { name: /^Version/ }).or(form.getByRole('combobox', { name: /^Version/ })).first().click();
    await page.getByRole('option', { name: `${pkg.version.latest} (latest)` }).click();
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Job created!')).toBeVisible();
    await expect(form).toBeHidden();

    await iot.jobsButton().click();
    const drawer = iot.drawer();
    await drawer.getByRole('tab', { name: /^Active/ }).click();
    const job = iot.job(jobName);
    await expect(job).toBeVisible();
    await job.getByRole('button', { name: new RegExp(jobName) }).click();
    const execution = job.getByRole('row').filter({ hasText: device.awsId });
    await expect(execution.getByText('Queued', { exact: true })).toBeVisible();
    await execution.getByRole('button', { name: `Details of ${device.name}` }).click();
    await expect(job.getByText('No details found.')).toBeVisible();

    await execution.getByRole('button', { name: `Cancel execution on ${device.name}` }).click();
    const confirm = iot.dialog('Cancel job execution?');
    await confirm.getByRole('button', { name: 'Cancel execution' }).click();
    await expect(page.getByText('Job execution cancelled')).toBeVisible();
    // Its only execution over, the job is finished.
    await drawer.getByRole('tab', { name: /^Finished/ }).click();
    await expect(iot.job(jobName)).toBeVisible();
  });

  test('a software update\'s outcome changes the devices\' rows as each execution ends, without a reload', async ({ page }) => {
    await page.setViewportSize({ width: 1600, height: 1000 });
    await signedInAs(page, 'tech');
    const api = apiAs(page.request, await idTokenOf(page));
    const iot = new IotDevicesPage(page);
    await iot.goto(`?groupId=${LOCATION}&lastOnline=online`);
    await expect(iot.bodyRows().first()).toBeVisible();
    // Online devices on screen with the agent out of date: the IoT simulator carries their executions out.
    const PACKAGE = 'lavo-agent';
    const online = (await api.get<Page>(`/iot/things?groupIds=${LOCATION}&lastOnline=online`)).data;
    const outdated = online.filter((t) => t.packages.some((p) => p.name === PACKAGE && p.outdated));
    const shown: Thing[] = [];
    for (const thing of outdated) if (shown.length < 4 && (await iot.row(thing.awsId).count()) === 1) shown.push(thing);
    expect(shown.length, 'online devices with an outdated agent on the first page').toBeGreaterThan(0);
    const latest = shown[0]!.packages.find((p) => p.name === PACKAGE)!.version.latest!;
    for (const thing of shown) await expect(iot.row(thing.awsId)).toContainText('Outdated');

    const templates = await api.get<{ data: { id: number; name: string }[] }>('/iot/jobs/templates');
    const template = templates.data.find((t) => t.name === TEMPLATE_OF[PACKAGE])!;
    const job = await api.post<{ id: number }>('/iot/jobs', {
      name: `E2E agent ${latest} ${Date.now()}`,
      groupId: LOCATION,
      templateId: template.id,
      thingAwsIds: shown.map((t) => t.awsId),
      parameters: { version: latest, restart: true },
    });
    // Each execution ends as the simulated device decides (most succeed, some fail): the row follows either way.
    const ended = async () => (await api.get<{ data: { thing: { awsId: string }; status: string }[] }>(`/iot/jobs/${job.id}/executions`)).data;
    await expect.poll(async () => (await ended()).every((e) => e.status === 'SUCCEEDED' || e.status === 'FAILED'), { timeout: 30_000 }).toBe(true);
    for (const execution of await ended()) {
      const row = iot.row(execution.thing.awsId);
      if (execution.status === 'SUCCEEDED') await expect(row).toContainText(`${PACKAGE} ${latest}`);
      else await expect(row.getByText(`Outdated → ${latest}`)).toBeVisible();
    }
  });

  test('a fall device renamed through the outbox shows Pending until the server has it', async ({ page }) => {
    await signedInAs(page, 'tech');
    const api = apiAs(page.request, await idTokenOf(page));
    // The last online fall device of the whole scope: another hospital than the other tests'.
    const device = (await api.get<Page>('/iot/things?lastOnline=online&take=100')).data.filter((t) => t.type === 'fall_device_v1').at(-1)!;
    const name = `${device.name} (moved ${Date.now() % 10_000})`;

    const iot = new IotDevicesPage(page);
    await iot.goto(`?groupId=${device.groupId}&search=${device.awsId}`);
    await expect(iot.bodyRows()).toHaveCount(1);
    await iot.rowAction(device.name, 'Edit Device');
    const form = iot.dialog('Edit Device');
    await expect(form.getByRole('textbox', { name: 'Serial Number' })).toHaveAttribute('readonly', '');
    const save = form.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('textbox', { name: 'X' }).fill('120.6');

    await page.context().setOffline(true);
    await save.click();
    await expect(page.getByText('Saved on this device')).toBeVisible();
    await expect(iot.row(device.awsId).getByText(name)).toBeVisible();
    await expect(iot.row(device.awsId).getByText('Pending', { exact: true })).toBeVisible();

    await page.context().setOffline(false);
    await expect(iot.row(device.awsId).getByText('Pending', { exact: true })).toBeHidden({ timeout: 30_000 });
    await expect(iot.row(device.awsId).getByText(name)).toBeVisible();
    const stored = (await api.get<Page>(`/iot/things?groupIds=${device.groupId}&search=${device.awsId}`)).data[0]!;
    expect(stored).toMatchObject({ name, x: 121 });
  });
});
