import { expect, test } from '@playwright/test';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { ReportsPage } from '../../pages/reports-page';
import { signedInAs } from '../../fixtures/session';
import { statePurposeFor } from '../../pages/purpose-gate';

// An admin on a desktop, as the labels were walked.
test('labels and units read as a person would write them', async ({ page, request }) => {
  await signedInAs(page, 'admin');
  const reports = new ReportsPage(page);

  // The Top 10 names professions as User Performance does.
  await expect(reports.ranking().getByRole('row').nth(1)).toBeVisible();
  await expect(reports.ranking()).not.toContainText(/[A-Z]+_[A-Z]+/);
  await expect(reports.ranking()).toContainText(/Registered Nurse|Physician|Patient Care Technician|Respiratory Therapist/);

  // Units in the cells, not again in the headers.
  await reports.goto('/app/reports/user-performance');
  const table = reports.userPerformance();
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('columnheader', { name: /Avg Soap/ })).toHaveText(/^Avg Soap\W*$/);
  await expect(table.getByRole('columnheader', { name: /Usage/ })).toHaveText(/^Usage\W*$/);
  await expect(table.getByRole('cell', { name: / sec$/ }).first()).toBeVisible();

  // Activity Breakdown of a day of the best-ranked wearer: times as the ward's clocks read them
  // (the demo's wards keep US time zones), not UTC.
  const api = apiAs(request, await idTokenOf(page));
  const end = new Date().toISOString().slice(0, 10);
  const start = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
  const [top] = await api.get<{ userId: number }[]>(`/compliance/ranking/users?startDate=${start}&endDate=${end}`);
  // Why the admin opens the wearer's day (docs/PRIVACY.md 'A purpose first'; the card itself is privacy.spec.ts's).
  await statePurposeFor(api, top!.userId);
  const [day] = await api.get<string[]>(`/workflow/activity/available-days?userId=${top?.userId}`);
  await reports.goto(`/app/reports/activity-breakdown?userId=${top?.userId}&date=${day}`);
  const events = page.getByRole('table', { name: 'Activity events' });
  const firstTime = events.locator('tbody tr').first().locator('td').first();
  await expect(firstTime).toHaveText(/^\d{1,2}:\d{2}:\d{2} [AP]M [PMCE][SD]T$/);
});
