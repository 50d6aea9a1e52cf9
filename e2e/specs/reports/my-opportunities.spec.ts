import { expect, test } from '@playwright/test';
import type { OwnOpportunities } from '../../../server/src/contracts/reports/compliance';
import { verdictOutcome } from '../../../server/src/contracts/reports/opportunity-verdict';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { signedInAs } from '../../fixtures/session';

// A nurse on an upright iPad reads on her own User Overview why each of her room entries and exits
// of a day counted or was missed (docs/SCREENS.md 'User Overview'; docs/METRICS.md '9. Activity
// breakdown'), as the API's verdicts hold it: the nurse may not open the Activity Breakdown.

test.use({ viewport: { width: 810, height: 1080 }, hasTouch: true, isMobile: true });

const dayLabel = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });

test('a nurse picks a day of her week and reads each opportunity’s outcome, its reason and its timeline', async ({ page }) => {
  await signedInAs(page, 'nurse');
  const api = apiAs(page.request, await idTokenOf(page));
  // The week the overview opens on ends today (UTC); the day of hers with the most doors.
  const week = Array.from({ length: 7 }, (_, i) => new Date(Date.now() - i * 86_400_000).toISOString().slice(0, 10));
  const answers = await Promise.all(week.map(async (date) => ({ date, own: await api.get<OwnOpportunities>(`/compliance/user/own-opportunities?date=${date}`) })));
  const { date, own } = answers.reduce((best, a) => (a.own.doors.length > best.own.doors.length ? a : best));
  expect(own.doors.length, 'room entries and exits of the nurse in the demo week').toBeGreaterThan(0);

  await page.goto('/app/reports/user-overview');
  await page.getByRole('radiogroup', { name: 'Day of my opportunities' }).getByText(dayLabel(date), { exact: true }).tap();
  const list = page.getByRole('list', { name: 'My opportunities' });
  await expect(list.getByRole('listitem')).toHaveCount(own.doors.length);
  const first = own.doors[0]!;
  const item = list.getByRole('listitem').first();
  await expect(item).toHaveAccessibleName(new RegExp(`^${first.type} at .*, ${verdictOutcome(first.verdict)}$`));
  await expect(item).toContainText(verdictOutcome(first.verdict));
  await expect(item.getByText(/^(Entry|Exit) .* · (compliant|missed|not an opportunity)$/)).toBeVisible();
  await expect(item.getByTestId('opportunity-timeline')).toBeVisible();
  // Missed only: the day's missed ones, counted in the switch's label.
  const missed = own.doors.filter((d) => verdictOutcome(d.verdict) === 'Missed').length;
  const missedOnly = page.getByRole('switch', { name: `Missed only (${missed} of ${own.doors.length} room entries and exits)` });
  await missedOnly.tap();
  if (missed > 0) await expect(list.getByRole('listitem')).toHaveCount(missed);
  else await expect(page.getByText('None missed on')).toBeVisible();
  await missedOnly.tap();
  await expect(list.getByRole('listitem')).toHaveCount(own.doors.length);
  // The counted ones and the compliant ones are the figures the API counts for the day.
  const counted = own.doors.filter((d) => d.verdict.counted);
  expect(counted.every((d) => (d.verdict.compliant ? d.verdict.washAt !== null : d.verdict.washAt === null))).toBe(true);
});
