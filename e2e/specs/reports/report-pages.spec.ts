import { expect, type Page, test } from '@playwright/test';
import { ReportsPage } from '../../pages/reports-page';
import { signedInAs } from '../../fixtures/session';

/** Each built report page and the sections it draws, top to bottom. */
const PAGES: { path: string; sections: string[] }[] = [
  { path: '/app/reports/overview', sections: ['Compliance Total', 'Compliance Trend', 'Top 10 Compliance Ranking'] },
  { path: '/app/reports/dispenser-overview', sections: ['Dispenses', 'Activations', 'Usage by Shift', 'Usage Ranking'] },
  { path: '/app/reports/handwash', sections: ['Total Washes', 'Hourly Washes', 'Wash Count'] },
  { path: '/app/reports/compliance', sections: ['Compliance Trend', 'Compliance Breakdown'] },
  { path: '/app/reports/user-performance', sections: ['Users by compliance'] },
  { path: '/app/reports/user-overview', sections: ['Compliance', 'My Compliance', 'Breakdown', 'Session Duration'] },
  { path: '/app/reports/activity-breakdown', sections: ['Compliance', 'Opportunities', 'Events'] },
];

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('every report page draws all of its sections, in order, with no section left loading or failing', async ({ page }) => {
  // Seven pages in one test: three times the usual budget, as on a busy machine each takes up to 15 s.
  test.slow();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const reports = new ReportsPage(page);
  await signedInAs(page, 'admin');
  for (const { path, sections } of PAGES) {
    await reports.goto(path);
    for (const name of sections) await expect(section(page, name), `${path}: ${name}`).toBeVisible();
    await expect(reports.busySections(), path).toHaveCount(0);
    await expect(page.getByText('Could not load this section'), path).toHaveCount(0);
    // Top to bottom, as the stages reveal them.
    const tops = await Promise.all(sections.map(async (name) => (await section(page, name).boundingBox())?.y ?? -1));
    expect(tops, path).toEqual([...tops].sort((a, b) => a - b));
  }
  expect(errors).toEqual([]);
});
