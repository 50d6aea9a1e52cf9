import { expect, test } from '@playwright/test';
import type { OwnOpportunities } from '../../../server/src/contracts/reports/compliance';
import { verdictOutcome } from '../../../server/src/contracts/reports/opportunity-verdict';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { signedInAs } from '../../fixtures/session';

// Disputed opportunities on an upright iPad (docs/SCREENS.md 'User Overview' and 'Compliance
// Report'; docs/METRICS.md '15. Disputed opportunities'): a nurse disputes a missed opportunity
// of hers, the administrator accepts it on the Compliance Report, and the nurse reads that it left
// her figures.

test.use({ viewport: { width: 810, height: 1080 }, hasTouch: true, isMobile: true });

const dayLabel = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });

test('a nurse disputes a missed opportunity, the administrator accepts it, and the nurse sees it accepted', async ({ page, browser, baseURL }) => {
  await signedInAs(page, 'nurse');
  const api = apiAs(page.request, await idTokenOf(page));
  // A day of her week with a missed entry or exit nobody disputed yet.
  const week = Array.from({ length: 7 }, (_, i) => new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10));
  const answers = await Promise.all(week.map(async (date) => ({ date, own: await api.get<OwnOpportunities>(`/compliance/user/own-opportunities?date=${date}`) })));
  const found = answers
    .map(({ date, own }) => ({ date, own, index: own.doors.findIndex((d) => d.verdict.counted && verdictOutcome(d.verdict) === 'Missed' && d.dispute === null) }))
    .find((a) => a.index >= 0);
  expect(found, 'a missed opportunity of the nurse in the demo week').toBeDefined();
  const { date, own, index } = found!;
  const door = own.doors[index]!;

  await page.goto('/app/reports/user-overview');
  await page.getByRole('radiogroup', { name: 'Day of my opportunities' }).getByText(dayLabel(date), { exact: true }).tap();
  const list = page.getByRole('list', { name: 'My opportunities' });
  await expect(list.getByRole('listitem')).toHaveCount(own.doors.length);
  const item = list.getByRole('listitem').nth(index);
  await expect(item).toHaveAccessibleName(new RegExp(`^${door.type} at .*, Missed$`));

  // The dispute: Other needs a note; the sink outside the room does not.
  await item.getByRole('button', { name: 'Dispute' }).tap();
  const dialog = page.getByRole('dialog', { name: 'Dispute this opportunity' });
  await expect(dialog).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Send dispute' });
  await expect(send).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Other' }).tap();
  await expect(send).toBeDisabled();
  await dialog.getByRole('radio', { name: 'I washed at the sink outside the room' }).tap();
  await dialog.getByRole('textbox', { name: 'Note' }).fill('The sink in the corridor, just before going in');
  await send.tap();
  await expect(dialog).toBeHidden();
  await expect(item.getByTestId('dispute-status')).toHaveText('Disputed · awaiting review');
  await expect(item.getByRole('button', { name: 'Dispute' })).toHaveCount(0);
  const disputed = (await api.get<OwnOpportunities>(`/compliance/user/own-opportunities?date=${date}`)).doors[index]!.dispute;
  expect(disputed).toMatchObject({ status: 'OPEN', reason: 'WASHED_ELSEWHERE' });

  // The administrator reviews it on the Compliance Report, in a browser of their own.
  const theirs = await browser.newContext({ baseURL, viewport: { width: 810, height: 1080 }, hasTouch: true, isMobile: true });
  try {
    const admin = await theirs.newPage();
    await signedInAs(admin, 'admin', '/app/reports/compliance');
    const review = admin.getByRole('region', { name: 'Disputed Opportunities' });
    const card = review.getByTestId(`dispute-${disputed!.id}`);
    await expect(card).toContainText('I washed at the sink outside the room');
    await expect(card).toContainText('The sink in the corridor, just before going in');
    await expect(card).toContainText('Missed');
    await card.getByRole('button', { name: 'Accept' }).tap();
    const confirm = admin.getByRole('dialog', { name: 'Accept this dispute?' });
    await confirm.getByRole('textbox', { name: 'Reply (optional)' }).fill('The corridor sink logged your wash');
    await confirm.getByRole('button', { name: 'Accept dispute' }).tap();
    await expect(confirm).toBeHidden();
    // Decided: no longer among the open ones, and listed as accepted.
    await expect(card).toHaveCount(0);
    await review.getByRole('radiogroup', { name: 'Dispute status' }).getByText('Accepted', { exact: true }).tap();
    await expect(review.getByTestId(`dispute-${disputed!.id}`)).toContainText('Dispute accepted — excluded from figures');
    // No sideways scroll on the upright iPad, nor on a phone 390 px wide.
    expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await admin.setViewportSize({ width: 390, height: 844 });
    await expect(review.getByTestId(`dispute-${disputed!.id}`)).toBeVisible();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  } finally {
    await theirs.close();
  }

  // The nurse opens her overview again and reads the outcome.
  await page.reload();
  await page.getByRole('radiogroup', { name: 'Day of my opportunities' }).getByText(dayLabel(date), { exact: true }).tap();
  await expect(list.getByRole('listitem').nth(index).getByTestId('dispute-status')).toHaveText('Dispute accepted — excluded from figures: The corridor sink logged your wash');
});
