import { expect, test } from '@playwright/test';
import type { OwnPast } from '../../../server/src/contracts/reports/own-past';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { signedInAs } from '../../fixtures/session';

// A nurse on her phone opens her own User Overview and reads her weeks against her own past, then
// sets her own goal, which the server keeps (docs/SCREENS.md 'User Overview'; docs/PRIVACY.md
// 'Feedback against one's own past').

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const shortDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

test('a nurse reads her weeks against her own past on her phone, sets her goal, and finds it kept after a reload', async ({ page }) => {
  await signedInAs(page, 'nurse', '/app/reports/user-overview');
  const api = apiAs(page.request, await idTokenOf(page));
  const past = await api.get<OwnPast>('/compliance/own-past');
  expect(past.bestWeek, 'the nurse has opportunities in the demo history').not.toBeNull();
  // Another goal than any she has, so the save is seen to change it.
  const goal = past.goalPercent === 85 ? 86 : 85;

  const section = page.getByRole('region', { name: 'Against your own past' });
  await expect(section).toContainText('Weeks start Monday (UTC)');
  await expect(section.getByTestId('own-best-week')).toContainText(`Week of ${shortDay(past.bestWeek!.week)}`);
  await expect(section.getByTestId('own-this-week')).toContainText(`Your average of the ${past.weeks.length - 1} weeks before`);
  await expect(section.getByRole('list', { name: 'Your weeks' }).getByRole('listitem')).toHaveCount(past.weeks.length);
  // Nothing of anyone else: no rank, no colleague, no team.
  await expect(section).not.toContainText(/rank|colleague|team|top 10/i);

  const input = section.getByRole('textbox', { name: 'Your goal (%)' });
  await input.scrollIntoViewIfNeeded();
  await input.tap();
  await input.fill(String(goal));
  await section.getByRole('button', { name: 'Save goal' }).tap();
  await expect(section.getByRole('status')).toHaveText(`Saved: your goal is ${goal}%.`);
  await expect(section.getByTestId('own-goal')).toContainText(`${goal}%`);
  // The chart draws the goal across the weeks.
  const chart = section.getByRole('img', { name: `Your weekly compliance, percent, over the last ${past.weeks.length} weeks, with your goal of ${goal}%` });
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.getByText(`Your goal ${goal}%`)).toBeVisible();

  await page.reload();
  const again = page.getByRole('region', { name: 'Against your own past' });
  await expect(again.getByTestId('own-goal')).toContainText(`Your goal${goal}%`);
  await expect(again.getByRole('textbox', { name: 'Your goal (%)' })).toHaveValue(String(goal));
  expect((await api.get<OwnPast>('/compliance/own-past')).goalPercent).toBe(goal);
  // Nothing scrolls sideways on her phone.
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
});
