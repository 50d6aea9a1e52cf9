import { expect, type Page, test } from '@playwright/test';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { Shell } from '../../pages/shell';
import { signedInAs } from '../../fixtures/session';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow' });

const SERVER_LOGS = '/app/debug/server-logs-report';

/** The Server Logs page, live, showing the environment the browser tests' server runs as (dev). */
async function openLiveLog(page: Page) {
  await page.goto(SERVER_LOGS);
  await expect(new Shell(page).pageTitle()).toHaveText('Server Logs');
  await expect(page.getByTestId('log-connection')).toHaveText('Live');
  // prod is the default; the browser tests' server is a development one.
  await expect(page.getByRole('radio', { name: 'prod' })).toBeChecked();
  await page.getByText('dev', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'dev' })).toBeChecked();
}

const entries = (page: Page) => page.getByTestId('log-entry');
/** A source chip (its label: the box itself is hidden under it). */
const sourceChip = (page: Page, source: string) => page.getByRole('group', { name: 'Request source' }).getByText(source, { exact: true });
const entryFor = (page: Page, method: string, path: string) => page.getByRole('button', { name: new RegExp(`^${method} ${path.replaceAll('/', '\\/')},`) });

test('an employee watches requests arrive, filters them by source and opens one', async ({ page, context }) => {
  await signedInAs(page, 'admin');
  await openLiveLog(page);
  await expect(page.getByRole('checkbox', { name: 'Auto-scroll' })).toBeChecked();

  // Another report opened in a second tab: its calls arrive here.
  const other = await context.newPage();
  await other.goto('/app/reports/compliance');
  await expect(entries(page).filter({ hasText: '/api/compliance/' }).first()).toBeVisible();
  await other.close();

  // A console call naming a location, and a gateway's ingest batch (refused: its token is wrong).
  const token = await idTokenOf(page);
  expect((await page.request.get('/api/nfc-tags?groupId=6&search=e2e', { headers: { Authorization: token } })).status()).toBe(200);
  const refused = await page.request.post('/api/ingest/events', {
    headers: { 'X-Gateway-Mac': '02:00:00:00:E2:E2', Authorization: 'Bearer not-the-token' },
    data: { events: [{ id: 'e2e-1', type: 'heartbeat', device: '02:00:00:00:E2:E2', at: new Date().toISOString() }] },
  });
  expect(refused.status()).toBe(401);
  await expect(entryFor(page, 'GET', '/api/nfc-tags')).toBeVisible();
  await expect(entryFor(page, 'POST', '/api/ingest/events')).toBeVisible();

  // Only gateways.
  await sourceChip(page, 'Gateway').click();
  await expect(page.getByRole('checkbox', { name: 'Gateway' })).toBeChecked();
  await expect(entryFor(page, 'GET', '/api/nfc-tags')).toHaveCount(0);
  await expect(entryFor(page, 'POST', '/api/ingest/events').first()).toBeVisible();
  for (const source of await entries(page).evaluateAll((lines) => lines.map((line) => line.getAttribute('data-source')))) {
    expect(source).toBe('Gateway');
  }

  // Choosing a request stops the scrolling and shows what it asked and how it was answered.
  await entryFor(page, 'POST', '/api/ingest/events').first().click();
  await expect(page.getByRole('checkbox', { name: 'Auto-scroll' })).not.toBeChecked();
  const details = page.getByTestId('log-details');
  await expect(details).toContainText('401');
  await expect(details).toContainText('Heart Bits');
  await expect(details.getByLabel('Headers')).toContainText('"authorization": "[redacted]"');
  await expect(details.getByLabel('Headers')).not.toContainText('not-the-token');
  await expect(details.getByLabel('Body')).toContainText('heartbeat');

  // The search is kept in the address.
  await sourceChip(page, 'Gateway').click();
  await page.getByRole('textbox', { name: 'Search' }).fill('nfc-tags');
  await page.getByRole('textbox', { name: 'Search' }).press('Enter');
  await expect(page).toHaveURL(/search=nfc-tags/);
  await expect(entryFor(page, 'GET', '/api/nfc-tags')).toBeVisible();
  await expect(entries(page).filter({ hasText: '/api/compliance/' })).toHaveCount(0);
});

test('offline, the log says it needs a connection', async ({ page, context }) => {
  await signedInAs(page, 'admin');
  await openLiveLog(page);
  await context.setOffline(true);
  await expect(page.getByText('The server log is live and needs a connection. It resumes when the connection is back.')).toBeVisible();
  await expect(page.getByTestId('log-connection')).toHaveText('Disconnected');
  await context.setOffline(false);
  await expect(page.getByTestId('log-connection')).toHaveText('Live', { timeout: 30_000 });
});

test('a crash in an employee’s browser is reported and shown under Client errors, its stack on request', async ({ page }) => {
  await signedInAs(page, 'admin', SERVER_LOGS);
  await expect(new Shell(page).pageTitle()).toHaveText('Server Logs');
  const { user } = await apiAs(page.request, await idTokenOf(page)).get<{ user: { id: number } }>('/bootstrap?username=admin%40demo.health&loginType=WEB_APP');

  // A promise nobody handles, as a failing screen would leave one.
  const message = `E2E nobody handled this ${test.info().testId}`;
  const reported = page.waitForResponse((res) => res.url().endsWith('/api/client-errors') && res.request().method() === 'POST');
  await page.evaluate((text) => {
    void Promise.reject(new Error(text));
  }, message);
  expect((await reported).status()).toBe(201);

  await page.getByRole('tab', { name: 'Client errors' }).click();
  const report = page.getByTestId('client-error').filter({ hasText: message });
  await expect(report).toBeVisible();
  await expect(report).toContainText('Unhandled rejection');
  await expect(report).toContainText(`User id ${user.id}`);
  await expect(report).toContainText(/UTC/);
  await expect(report).toContainText(SERVER_LOGS);
  await expect(report.getByLabel('Stack')).toHaveCount(0);
  await report.getByRole('button', { name: 'Show stack' }).click();
  await expect(report.getByLabel('Stack')).toContainText(message);

  // On a phone the reports wrap: the page never scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await new Shell(page).narrowed();
  await expect(report.getByLabel('Stack')).toBeVisible();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
});

test('a hospital administrator can neither open the log nor join its channel', async ({ page }) => {
  await signedInAs(page, 'manager', SERVER_LOGS);
  await expect(page).toHaveURL(/\/app\/reports\/overview(\?.*)?$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByText('Server Logs')).toHaveCount(0);
  const signed = await page.request.post('/api/pusher/auth', {
    headers: { Authorization: await idTokenOf(page) },
    form: { socket_id: '1234.5678', channel_name: 'private-server' },
  });
  expect(signed.status()).toBe(403);
  expect((await page.request.get('/api/client-errors', { headers: { Authorization: await idTokenOf(page) } })).status()).toBe(403);
});
