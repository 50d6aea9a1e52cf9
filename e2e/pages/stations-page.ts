import { expect, type Locator, type Page } from '@playwright/test';

/** The protocol timers a browser test may shorten (the `lavo.stationTimers` setting, docs/STATIONS.md). */
export type StationTimers = Partial<Record<'pingMs' | 'deadMs' | 'joinMs' | 'retryMs' | 'commandMs', number>>;

/** One kiosk gateway's panel: its session state, charging-station slots and command terminal. */
export class KioskPanel {
  constructor(readonly root: Locator) {}

  readonly toggle = () => this.root.getByRole('button').first();
  readonly sessionState = () => this.root.getByTestId('session-state');
  readonly slot = (slot: number) => this.root.locator(`[data-slot="${slot}"]`);
  readonly commandsButton = (gatewayName: string) => this.root.getByRole('button', { name: `Commands for ${gatewayName}` });
  readonly commandLog = () => this.root.getByTestId('command-log');
  readonly commandOutput = () => this.root.getByTestId('command-output');

  /** Opens the panel unless it is open already. */
  async expand() {
    const control = this.toggle();
    if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  }
}

/** Which feed lines to find: by event kind, by wristband MAC, or both. */
export interface FeedFilter {
  kind?: string;
  wristband?: string;
}

/** The Stations page (/app/maintenance/stations): kiosk panels, the Feed and Assign tabs, the NFC stations table. */
export class StationsPage {
  constructor(private readonly page: Page) {}

  readonly kioskPanels = () => this.page.getByTestId('kiosk-panel');
  readonly firstKiosk = () => new KioskPanel(this.kioskPanels().first());
  readonly feedEntries = ({ kind, wristband }: FeedFilter = {}) =>
    this.page.locator(`[data-testid="feed-entry"]${kind ? `[data-kind="${kind}"]` : ''}${wristband ? `[data-wristband="${wristband}"]` : ''}`);
  readonly tab = (name: 'Feed' | 'Assign') => this.page.getByRole('tab', { name });
  readonly userOptions = () => this.page.getByRole('listbox', { name: 'Users' }).getByRole('option');
  readonly loadMoreUsers = () => this.page.getByRole('button', { name: 'Load more' });
  readonly slotDialog = () => this.page.getByRole('dialog');
  readonly assignButton = (name: string | RegExp) => this.slotDialog().getByRole('button', { name });
  readonly pendingAssignments = () => this.page.getByTestId('pending-assignment');
  readonly commandMenuItem = (name: string) => this.page.getByRole('menuitem', { name });
  readonly nfcTable = () => this.page.getByRole('table', { name: 'NFC stations' });

  /**
   * Picks `command` from a kiosk's Commands menu. The panel redraws as the live session reports,
   * and a redraw closes an open menu: the menu is opened again, as a user would, until the pick lands.
   */
  async runCommand(panel: KioskPanel, gatewayName: string, command: string) {
    const item = this.commandMenuItem(command);
    await expect(async () => {
      if (!(await item.isVisible())) await panel.commandsButton(gatewayName).click();
      await item.click({ timeout: 2_000 });
    }).toPass();
  }

  /** Shortens the session timers for every page this browser opens from now on. */
  async useTimers(timers: StationTimers) {
    await this.page.addInitScript((value) => localStorage.setItem('lavo.stationTimers', value), JSON.stringify(timers));
  }

  /** Opens the page with the given address parameters (none: no location chosen). */
  async goto(params: { groupId?: number; search?: string } = {}) {
    const query = new URLSearchParams();
    if (params.groupId !== undefined) query.set('groupId', String(params.groupId));
    if (params.search !== undefined) query.set('search', params.search);
    const search = query.toString();
    await this.page.goto(`/app/maintenance/stations${search ? `?${search}` : ''}`);
  }

  /** Opens the page on a location and waits for its first kiosk panel. */
  async openKiosks(groupId: number): Promise<KioskPanel> {
    await this.goto({ groupId });
    const panel = this.firstKiosk();
    await expect(panel.root).toBeVisible();
    return panel;
  }

  /** The display name of a user option in the Assign tab. */
  async userName(option: Locator): Promise<string> {
    return (await option.locator('p').first().textContent())!.trim();
  }

  async showNfcStations() {
    await this.page.getByText('NFC Stations', { exact: true }).click();
  }
}
