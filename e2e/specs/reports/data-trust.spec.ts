import { expect, test } from '@playwright/test';
import type { LocationTrust, RangeTrust } from '../../../server/src/contracts/reports/trust';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { signedInAs } from '../../fixtures/session';

// A manager on an iPad sees the trust of the Performance Overview's figures beside them, opens its
// reasons, and follows one to the Data Trust page of its location, which lists the days and the
// devices behind every Medium and Low (docs/SCREENS.md 'Data Trust'; docs/METRICS.md '14. Data
// trust'), as the API answers them.

test.use({ viewport: { width: 810, height: 1080 }, hasTouch: true, isMobile: true });

test('the trust badge beside the figures opens its reasons, and a reason leads to its location’s days and devices', async ({ page }) => {
  // The page opened once, signed in: its own call's answer is what it shows.
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/trust' && r.ok());
  await signedInAs(page, 'admin', '/app/reports/overview');
  const trust = (await (await answer).json()) as RangeTrust;
  const badge = page.getByTestId('trust-badge');
  await expect(badge).toHaveText(trust.label);
  await expect(badge).toHaveAttribute('data-level', trust.level ?? 'NONE');

  await badge.tap();
  const popover = page.getByTestId('trust-popover');
  await expect(popover).toContainText(trust.rule);
  const reason = trust.reasons[0];
  expect(reason, 'the demo fleet has silent devices: a reason to show').toBeDefined();
  if (!reason) return;
  await expect(popover.getByText(reason.words, { exact: true })).toBeVisible();
  // Its summary: the range's level and its worst reason.
  const summary = trust.level === 'LOW' || trust.level === 'MEDIUM' ? `${trust.level === 'LOW' ? 'Low' : 'Medium'}: ${reason.words}` : trust.label;
  await expect(popover.getByText(summary, { exact: true })).toBeVisible();

  // The reason's location, over the reason's days.
  await popover.getByRole('listitem').first().getByRole('link', { name: 'Details' }).tap();
  await expect(page).toHaveURL(new RegExp(`/app/reports/data-trust\\?.*groupId=${reason.groupId}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Data Trust' })).toBeVisible();
  const location = await apiAs(page.request, await idTokenOf(page)).get<LocationTrust>(`/trust/locations/${reason.groupId}?startDate=${reason.from}&endDate=${reason.to}`);
  const days = page.getByTestId('trust-day');
  await expect(days).toHaveCount(location.days.length);
  const day = location.days[0]!;
  const card = days.first();
  await expect(card).toHaveAttribute('data-level', day.level ?? 'NONE');
  for (const input of day.inputs) await expect(card.getByText(input.words)).toBeVisible();
  // Each device behind the day links to the page where it is looked after, found by its MAC.
  const device = day.devices[0];
  expect(device, 'a Medium or Low day names its devices').toBeDefined();
  if (!device) return;
  const link = card.getByRole('link', { name: device.name }).first();
  await expect(card.getByText(device.mac).first()).toBeVisible();
  await link.tap();
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(device.mac)}`));
});

test('the Data Trust page of a unit fits a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signedInAs(page, 'admin');
  // ICU – 3 North, St. Mary's.
  await page.goto('/app/reports/data-trust?groupId=6');
  await expect(page.getByTestId('trust-day').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

test('the Compliance Report leaves low-trust days out when asked, saying how many', async ({ page }) => {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/trust' && r.ok());
  await signedInAs(page, 'admin', '/app/reports/compliance');
  const trust = (await (await answer).json()) as RangeTrust;
  const low = trust.locationDays.low;
  const toggle = page.getByRole('switch', { name: 'Exclude low-trust days' });
  const excluding = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/compliance/report' && new URL(r.url()).searchParams.get('excludeLowTrust') === 'true');
  await toggle.tap();
  await excluding;
  await expect(page).toHaveURL(/excludeLowTrust=true/);
  await expect(page.getByText(`${low} low-trust location-${low === 1 ? 'day' : 'days'} left out`)).toBeVisible();
});

test('a nurse’s own User Overview carries the trust of her figures', async ({ page }) => {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/trust/wearer' && r.ok());
  await signedInAs(page, 'nurse', '/app/reports/user-overview');
  const trust = (await (await answer).json()) as RangeTrust;
  const badge = page.getByTestId('trust-badge');
  await expect(badge).toHaveText(trust.label);
  await badge.tap();
  await expect(page.getByTestId('trust-popover')).toContainText(trust.rule);
  // The nurse may not open Data Trust: the reasons lead nowhere.
  await expect(page.getByTestId('trust-popover').getByRole('link', { name: 'Details' })).toHaveCount(0);
});
