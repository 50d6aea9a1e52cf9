import { expect, type Locator, type Page } from '@playwright/test';

/** The Observation Audits page as an observer uses it on a phone: every control is tapped. */
export class ObservationAuditsPage {
  constructor(private readonly page: Page) {}

  readonly main = () => this.page.getByRole('main');
  readonly startButton = () => this.page.getByRole('button', { name: 'Start session' });
  readonly sessionHeading = (unit: string) => this.main().getByRole('heading', { name: unit, exact: true });
  /** A figure of the running count: 'Opportunities', 'Compliant' or 'Compliance'. */
  readonly figure = (name: string) => this.main().getByRole('group', { name, exact: true }).locator('[data-figure]');
  readonly records = () => this.main().getByRole('list', { name: 'Last records' }).getByRole('listitem');
  readonly sessions = () => this.main().getByRole('list', { name: 'Your sessions' }).getByRole('listitem');

  async goto(search = '') {
    await this.page.goto(`/app/reports/observation-audits${search}`);
  }

  /** Chooses in a select by its label: the option named `option`, else the first offered. */
  async choose(label: string, option?: string): Promise<string> {
    await this.main().getByRole('combobox', { name: label }).tap();
    const options = this.page.getByRole('listbox').getByRole('option');
    const chosen: Locator = option ? options.filter({ hasText: option }).first() : options.first();
    const name = (await chosen.textContent()) ?? '';
    await chosen.tap();
    await expect(this.main().getByRole('combobox', { name: label })).toHaveValue(name);
    return name;
  }

  /** Names the person watched by the code of their badge, typed in the scan dialog as a reader types it; the name chosen. */
  async scanBadge(code: string): Promise<string> {
    await this.main().getByRole('button', { name: 'Scan a badge' }).tap();
    const dialog = this.page.getByRole('dialog', { name: 'Scan a badge' });
    const field = dialog.getByRole('textbox', { name: "Badge's NFC tag (tap it or type its id)" });
    await field.fill(code);
    await field.press('Enter');
    await expect(dialog).toBeHidden();
    const chosen = this.main().getByRole('combobox', { name: 'Staff member' });
    await expect(chosen).not.toHaveValue('');
    return chosen.inputValue();
  }

  /** Who is watched: 'Staff', 'Profession' or 'Unknown'. */
  async personKind(kind: 'Staff' | 'Profession' | 'Unknown') {
    await this.main().locator('label').filter({ hasText: new RegExp(`^${kind}$`) }).tap();
  }

  /** One record: the indication's tap, the gloves when worn, the action's tap. */
  async record(indication: RegExp, action: 'Rub' | 'Wash' | 'Missed', gloves = false) {
    await this.main().getByRole('button', { name: indication }).tap();
    if (gloves) await this.main().getByRole('button', { name: 'Gloves' }).tap();
    await this.main().getByRole('button', { name: action, exact: true }).tap();
  }

  async undoLast() {
    await this.main().getByRole('button', { name: 'Undo last' }).tap();
  }

  async endSession() {
    await this.main().getByRole('button', { name: 'End session' }).tap();
    await this.page.getByRole('dialog', { name: 'End this session?' }).getByRole('button', { name: 'End session' }).tap();
  }

  async expectCount(opportunities: number, compliant: number, compliance: string) {
    await expect(this.figure('Opportunities')).toHaveText(String(opportunities));
    await expect(this.figure('Compliant')).toHaveText(String(compliant));
    await expect(this.figure('Compliance')).toHaveText(compliance);
  }

  /** The page is no wider than the window: nothing needs a sideways scroll. */
  async expectNoSidewaysScroll() {
    expect(await this.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  }

  /** The words of buttons and badges cut short for want of room ('Misse', 'PEND…'). */
  async cutLabels(): Promise<string[]> {
    return this.main().evaluate((root) =>
      Array.from(root.querySelectorAll<HTMLElement>('.mantine-Button-label, .mantine-Badge-label'))
        .filter((label) => label.scrollWidth > label.clientWidth + 0.5)
        .map((label) => label.textContent ?? ''),
    );
  }

  /** The visible controls of the page's content under 44 px one way or the other (docs/SCREENS.md 'Touch targets'). */
  async smallControls(): Promise<string[]> {
    return this.main().evaluate((root) => {
      const controls = root.querySelectorAll<HTMLElement>('button, input:not([type=hidden]), [role=tab], [role=combobox], a[href]');
      const small: string[] = [];
      for (const element of Array.from(controls)) {
        if ((element as HTMLButtonElement).disabled) continue;
        const label = element.closest('label') ?? (element as HTMLInputElement).labels?.[0] ?? null;
        const own = element.getBoundingClientRect();
        const box = own.width > 1 && own.height > 1 ? own : label?.getBoundingClientRect();
        if (!box || (box.width === 0 && box.height === 0)) continue;
        if (box.width + 0.5 < 44 || box.height + 0.5 < 44) small.push(`${element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName} is ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
      return small;
    });
  }
}
