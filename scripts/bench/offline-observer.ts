/**
 * The observer's scenario of `npm run bench:offline`: on a 390×844 phone without signal, the demo's
 * infection preventionist (observer@demo.health) starts a session on a unit, records
 * BENCH_OBSERVER_OPPORTUNITIES opportunities (default 120) over 45 minutes of the phone's clock by
 * tapping an indication and an action each, with the phone reloaded twice along the way, ends the
 * session and reconnects. The figure is the time until the outbox is empty; the check, that the
 * server then holds the session once, ended 45 minutes after it started, with every record once.
 *
 * The phone's clock (Playwright's, in the page) starts 45 minutes back and is moved on by a 120th
 * of them before each record, so the session's times are an observer's; the taps themselves take
 * as long as the page needs.
 *
 * Every record is made as an observer makes it, by two taps on the page (docs/SCREENS.md
 * 'Observation Audits'); from there everything is the app's own path (the outbox, its replay, the API).
 */
import type { Browser, Request } from '@playwright/test';
import type { AuditUnit, ObservationSession } from '../../server/src/contracts/observation-audits';
import { replayUntilEmpty } from './outbox-replay';
import { signInAs } from './web-sign-in';

const opportunities = Number(process.env.BENCH_OBSERVER_OPPORTUNITIES ?? 120);
const UNIT = 'ICU – 3 North';
const WAIT_MS = 5 * 60_000;
/** The session's length on the phone's clock. */
const SESSION_MS = 45 * 60_000;
/** The indications and actions tapped in turn: each record one of each. */
const INDICATIONS = [/Before touching a patient/, /After touching a patient/, /Room entry/, /Room exit/];
const ACTIONS = ['Rub', 'Wash', 'Missed'] as const;

export interface ObserverScenarioResult {
  records: number;
  queueMs: number;
  replayMs: number;
  /** The stored session's length, minutes (its end less its start). */
  sessionMinutes: number;
  /** What the server holds of the session, in words, and whether it is exactly once. */
  stored: string;
  exactlyOnce: boolean;
}

async function get<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, { headers: { Authorization: token } });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The month (YYYY-MM) of `at` on the unit's clock, as GET /audits/sessions reads it. */
const monthIn = (at: string, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(new Date(at)).slice(0, 7);

export async function runObserverScenario(browser: Browser, baseUrl: string): Promise<ObserverScenarioResult> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  try {
    const page = await context.newPage();
    await signInAs(page, baseUrl, 'observer');
    // The session ends about now on the phone's clock: it starts 45 minutes back.
    await context.clock.install({ time: Date.now() - SESSION_MS });
    await page.goto(`${baseUrl}/app/reports/observation-audits`);
    const main = page.getByRole('main');
    const unitField = main.getByRole('combobox', { name: 'Unit' });
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: WAIT_MS });
    await page.reload();
    await unitField.waitFor({ timeout: WAIT_MS });
    await page.waitForLoadState('networkidle');
    const token = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('CognitoIdentityServiceProvider.') && k.endsWith('.idToken'));
      return key ? (localStorage.getItem(key) as string) : '';
    });
    const unit = (await get<{ data: AuditUnit[] }>(baseUrl, token, '/audits/units')).data.find((u) => u.name === UNIT);
    if (!unit) throw new Error(`the observer may not audit ${UNIT}`);

    let started: { clientId: string; startedAt: string } | null = null;
    page.on('request', (r: Request) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/audits/sessions') started ??= r.postDataJSON() as { clientId: string; startedAt: string };
    });

    await context.setOffline(true);
    const indicator = page.getByTestId('connectivity');
    await indicator.getByText('Offline', { exact: true }).waitFor({ timeout: WAIT_MS });
    const queueStart = performance.now();
    await unitField.tap();
    await page.getByRole('listbox').getByRole('option', { name: UNIT, exact: true }).tap();
    await main.getByRole('button', { name: 'Start session' }).tap();
    await main.getByRole('heading', { name: UNIT, exact: true }).waitFor({ timeout: WAIT_MS });
    const opportunitiesShown = main.getByRole('group', { name: 'Opportunities', exact: true });
    let compliant = 0;
    for (let i = 0; i < opportunities; i++) {
      // Twice along the way the phone reloads: the session and its records come back from the device.
      if (i > 0 && i % Math.ceil(opportunities / 3) === 0) {
        await page.reload();
        await main.getByRole('heading', { name: UNIT, exact: true }).waitFor({ timeout: WAIT_MS });
      }
      await page.clock.fastForward(Math.round(SESSION_MS / opportunities));
      const action = ACTIONS[i % ACTIONS.length]!;
      if (action !== 'Missed') compliant++;
      await main.getByRole('button', { name: INDICATIONS[i % INDICATIONS.length] }).tap();
      await main.getByRole('button', { name: action, exact: true }).tap();
      // As the observer does: the next tap once the count says this one is made.
      await opportunitiesShown.getByText(String(i + 1), { exact: true }).waitFor({ timeout: WAIT_MS });
    }
    await main.getByRole('button', { name: 'End session' }).tap();
    await page.getByRole('dialog', { name: 'End this session?' }).getByRole('button', { name: 'End session' }).tap();
    const queued = opportunities + 2;
    await indicator.getByText(`Offline · ${queued} queued`).waitFor({ timeout: WAIT_MS });
    const queueMs = performance.now() - queueStart;

    const replayMs = await replayUntilEmpty(page, context, "the observer's outbox", WAIT_MS);

    const session = started as { clientId: string; startedAt: string } | null;
    if (!session) throw new Error('the session was never sent');
    const month = monthIn(session.startedAt, unit.timeZone);
    const mine = (await get<{ data: ObservationSession[] }>(baseUrl, token, `/audits/sessions?groupId=${unit.id}&month=${month}&mine=true`)).data;
    const stored = mine.filter((s) => s.clientId === session.clientId);
    const held = stored[0];
    const exactlyOnce = stored.length === 1 && held?.endedAt != null && held.observations === opportunities && held.compliant === compliant;
    const sessionMinutes = held?.endedAt ? (Date.parse(held.endedAt) - Date.parse(held.startedAt)) / 60_000 : 0;
    return {
      records: queued,
      sessionMinutes,
      queueMs,
      replayMs,
      stored: `${stored.length} session, ${held?.observations ?? 0}/${opportunities} records, ${held?.compliant ?? 0}/${compliant} compliant${held?.endedAt ? ', ended' : ''}`,
      exactlyOnce,
    };
  } finally {
    await context.close();
  }
}
