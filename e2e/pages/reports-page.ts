import type { Download, Page } from '@playwright/test';

/** The report screens (/app/reports/...): their filter bar, figures, tables and charts. */
export class ReportsPage {
  constructor(private readonly page: Page) {}

  /** The figure of the stat card or section named `label`. */
  readonly statValue = (label: string) => this.page.getByRole('region', { name: label, exact: true }).getByTestId('stat-value');
  readonly statValues = () => this.page.getByTestId('stat-value');
  /** Sections still waiting for their answer. */
  readonly busySections = () => this.page.locator('section[aria-busy="true"]');
  readonly offlineStamp = () => this.page.getByTestId('offline-stamp');

  readonly filters = () => this.page.getByRole('search', { name: 'Report filters' });
  readonly organizationsButton = () => this.page.getByRole('button', { name: /Organizations/ }).first();
  readonly dateRangeButton = () => this.page.getByRole('button', { name: /Date range/ });

  readonly ranking = () => this.page.getByRole('table', { name: 'Top 10 compliance ranking' });
  readonly complianceBreakdown = () => this.page.getByRole('table', { name: 'Compliance breakdown' });
  readonly userPerformance = () => this.page.getByRole('table', { name: 'User performance' });
  readonly dailyComplianceChart = () => this.page.getByRole('img', { name: 'Daily compliance, percent' });
  /** The 'Showing x to y of n' line under a paged table. */
  readonly pageSummary = () => this.page.getByText(/^Showing \d+ to \d+ of \d+$/).first();

  readonly userOverviewName = () => this.page.getByTestId('user-overview-name');
  readonly viewAsDialog = () => this.page.getByRole('dialog', { name: 'View As' });
  readonly viewAsRows = () => this.viewAsDialog().getByRole('table', { name: 'Users to view as' }).locator('tbody tr');

  /** The address's search parameters, as the filters wrote them. */
  params(): URLSearchParams {
    return new URL(this.page.url()).searchParams;
  }

  async goto(path: string) {
    await this.page.goto(path);
  }

  /** Switches the filter bar between the organization and the location view. */
  async chooseView(view: 'Organization' | 'Location') {
    await this.filters().getByText(view, { exact: true }).click();
  }

  /** Takes one organization out of the filter. */
  async uncheckOrganization(name: string) {
    await this.organizationsButton().click();
    await this.page.getByRole('checkbox', { name }).uncheck();
    await this.page.keyboard.press('Escape');
  }

  /** Chooses a preset of the date picker ('Yesterday', …) and applies it. */
  async applyDatePreset(preset: string) {
    await this.dateRangeButton().click();
    await this.page.getByRole('button', { name: preset }).click();
    await this.page.getByRole('button', { name: 'Apply' }).click();
  }

  async openViewAs() {
    await this.page.getByRole('button', { name: 'View As' }).click();
    return this.viewAsDialog();
  }

  /** Clicks Export CSV and answers the download it starts. */
  async exportCsv(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByRole('button', { name: 'Export CSV' }).click()]);
    return download;
  }
}
