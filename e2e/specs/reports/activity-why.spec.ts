import { expect, test } from '@playwright/test';
import type { OpportunityVerdict } from '../../../server/src/contracts/reports/opportunity-verdict';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { ReportsPage } from '../../pages/reports-page';
import { signedInAs } from '../../fixtures/session';
import { statePurposeFor } from '../../pages/purpose-gate';

// An administrator on an upright iPad reads why a wearer's room entries and exits counted or were
// missed (docs/METRICS.md '9. Activity breakdown'): each says its outcome in the row, and its
// reason in the row's details, as the API's verdict holds it.

interface Event { timestamp: string; type: string; verdict: OpportunityVerdict | null }

test.use({ viewport: { width: 810, height: 1080 }, hasTouch: true, isMobile: true });

test('each room entry and exit says its outcome, and why, in the row’s details', async ({ page }) => {
  await signedInAs(page, 'admin');
  const api = apiAs(page.request, await idTokenOf(page));
  const end = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
  const [top] = await api.get<{ userId: number }[]>(`/compliance/ranking/users?startDate=${start}&endDate=${end}`);
  // Why the admin opens the wearer's day (docs/PRIVACY.md 'A purpose first'; the card itself is privacy.spec.ts's).
  await statePurposeFor(api, top!.userId);
  // The latest day with a room entry or exit: today's may have none yet, early in the location's day.
  const days = await api.get<string[]>(`/workflow/activity/available-days?userId=${top?.userId}`);
  let day = days[0];
  let userActivity: Event[] = [];
  for (day of days) {
    ({ userActivity } = await api.get<{ userActivity: Event[] }>(`/compliance/user/activity?userId=${top?.userId}&date=${day}`));
    if (userActivity.some((e) => e.verdict !== null)) break;
  }
  const doors = userActivity.filter((e) => e.verdict !== null);
  expect(doors.length, 'room entries and exits on a day of the wearer').toBeGreaterThan(0);

  const reports = new ReportsPage(page);
  await reports.goto(`/app/reports/activity-breakdown?userId=${top?.userId}&date=${day}`);
  const table = page.getByRole('table', { name: 'Activity events' });
  // The first room entry or exit of the day, as the table lists it first.
  const first = doors[0]!;
  const verdict = first.verdict!;
  const outcome = !verdict.counted ? 'Not counted' : verdict.compliant ? 'Compliant' : 'Missed';
  const row = table.locator('tbody tr').filter({ hasText: first.type }).first();
  await expect(row).toContainText(outcome);
  await row.getByRole('button', { name: new RegExp(`^Show details of ${first.type} at `) }).tap();
  const door = first.type === 'Room Entry' ? 'Entry' : 'Exit';
  const clock = '\\d{1,2}:\\d{2}:\\d{2} [AP]M [PMCE][SD]T';
  const ending = !verdict.counted
    ? `the visit lasted ${verdict.visitSeconds} s, under the ${verdict.requiredSeconds} s a visit needs · not an opportunity`
    : verdict.compliant
      ? `hand hygiene at ${clock}, within ${clock}–${clock} · compliant`
      : `no hand hygiene between ${clock} and ${clock} · missed`;
  await expect(table.getByText(new RegExp(`^${door} ${clock} · ${ending}$`)).first()).toBeVisible();
  // Its timeline: the hand hygiene that made it compliant filled, when it is among the day's (one
  // just before midnight belongs to the day before).
  const timeline = table.getByTestId('opportunity-timeline').first();
  await expect(timeline).toBeVisible();
  const shown = verdict.counted && verdict.compliant && userActivity.some((e) => e.type === 'Hand Hygiene' && e.timestamp === verdict.washAt);
  await expect(timeline.locator('circle[data-deciding="true"]')).toHaveCount(shown ? 1 : 0);
});
