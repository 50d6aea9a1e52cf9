import { expect, test, type Page } from '@playwright/test';
import type { UnitReadinessRow, UnitValidation, ValidationSummary } from '../../../server/src/contracts/observation-audits';
import { kappaWithInterval, percentWithInterval } from '../../../src/features/observation-audits/figures/figure-text';
import { apiAs, idTokenOf } from '../../fixtures/api';
import { signedInAs } from '../../fixtures/session';

// A hospital administrator reads what the demo's observation audits say of St. Mary's last
// month (docs/SCREENS.md 'Observation Audits'): the validation against the sensors, the Leapfrog
// readiness, and the evidence pack as it prints; and the line beside the Performance Overview's
// compliance.

const ST_MARYS = 2;
const PATH = '/app/reports/observation-audits';

/** This month and the one before, on St. Mary's clock: the browser tests' week of demo history falls in one or both. */
function recentMonths(): [string, string] {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'US/Pacific', year: 'numeric', month: '2-digit' }).format(new Date()).split('-').map(Number) as [number, number];
  const previous = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
  return [`${year}-${String(month).padStart(2, '0')}`, previous];
}

type Api = ReturnType<typeof apiAs>;

/** Of the recent months, the one whose audits validated the most of St. Mary's units, with its validation. */
async function auditedMonth(api: Api): Promise<{ month: string; units: UnitValidation[]; audited: UnitValidation[] }> {
  const answers = await Promise.all(
    recentMonths().map(async (month) => {
      const { units } = await api.get<{ units: UnitValidation[] }>(`/audits/validation?groupId=${ST_MARYS}&month=${month}`);
      return { month, units, audited: units.filter((u) => u.matched > 0 && u.kappa.value !== null) };
    }),
  );
  return answers.sort((a, b) => b.audited.length - a.audited.length)[0]!;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

test.describe('on an iPad', () => {
  test.use({ viewport: { width: 1024, height: 1366 }, hasTouch: true });

  test('the month’s validation, Leapfrog readiness and evidence pack of a hospital, as the API computes them, printed with their charts', async ({ page }) => {
    await signedInAs(page, 'manager');
    const api = apiAs(page.request, await idTokenOf(page));
    // The demo audits every patient care unit 2 to 4 times a month: the week of history holds some.
    const { month, units, audited } = await auditedMonth(api);
    expect(audited.length).toBeGreaterThan(0);

    await page.goto(`${PATH}?tab=validation&locationId=${ST_MARYS}&month=${month}`);
    const agreement = page.getByRole('table', { name: 'Agreement with the sensors' });
    for (const unit of audited.slice(0, 3)) {
      const row = agreement.getByRole('row').filter({ hasText: unit.name });
      await expect(row).toContainText(kappaWithInterval(unit.kappa));
      await expect(row).toContainText(percentWithInterval(unit.agreement));
    }
    await expect(page.getByRole('table', { name: 'The Hawthorne gap' }).getByRole('row')).toHaveCount(units.length + 1);

    const readiness = await api.get<{ summary: string; units: UnitReadinessRow[] }>(`/audits/leapfrog?groupId=${ST_MARYS}&month=${month}&option=1`);
    await tab(page, 'Leapfrog').tap();
    await expect(page.getByRole('region', { name: 'Readiness' }).getByRole('status')).toHaveText(readiness.summary);
    const first = readiness.units[0]!;
    const card = page.getByRole('article', { name: first.unit, exact: true });
    await expect(card).toContainText(`${first.opportunities.toLocaleString('en-US')} of 200 opportunities monitored`);
    for (const gap of first.gaps) await expect(card).toContainText(gap);

    await page.getByRole('button', { name: 'Evidence pack' }).tap();
    const pack = page.getByTestId('evidence-pack');
    await expect(pack.getByRole('heading', { level: 2 })).toContainText(`St. Mary's Hospital`);
    await expect(pack.locator('[data-evidence-chart]')).toHaveCount(3);

    // As the browser prints it: the shell and the controls left out, the charts drawn, on paper.
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Leapfrog' })).toBeHidden();
    for (const chart of await pack.locator('[data-evidence-chart]').all()) {
      await expect(chart).toBeVisible();
      expect((await chart.boundingBox())?.height).toBeGreaterThan(40);
    }
    await expect(pack.locator('[data-evidence-chart] circle').first()).toBeVisible();
    const pdf = await page.pdf({ format: 'Letter', printBackground: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the evidence pack fits a phone’s width, and the Overview says beside its compliance what the audits found', async ({ page }) => {
    await signedInAs(page, 'manager');
    await page.goto(`${PATH}?tab=evidence&locationId=${ST_MARYS}&month=${recentMonths()[0]}`);
    await expect(page.getByTestId('evidence-pack').locator('[data-evidence-chart]')).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

    // The line says what the server answered for the report's filters (the last answer, once the address is complete).
    const answers: ValidationSummary[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/audits/validation/summary' && r.ok()) void r.json().then((body: ValidationSummary) => answers.push(body), () => {});
    });
    await page.goto('/app/reports/overview');
    const note = page.getByRole('note', { name: 'Sensor validation' });
    await expect(async () => expect(await note.textContent()).toBe(answers.at(-1)?.words)).toPass();
    await expect(page.getByRole('link', { name: 'Observation audits' })).toBeVisible();
  });
});
