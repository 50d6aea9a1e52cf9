import { expect, test, type Request } from '@playwright/test';
import type { AuditUnit, ObservationSession } from '../../../server/src/contracts/observation-audits';
import { apiAs, idTokenOf, serviceWorkerInControl } from '../../fixtures/api';
import { signedInAs } from '../../fixtures/session';
import { OutboxPanel } from '../../pages/outbox-panel';
import { ObservationAuditsPage } from '../../pages/observation-audits-page';

// Goes offline: the service worker, which the browser tests block unless a file asks for it (docs/TESTING.md).
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, hasTouch: true });

// Waits for the service worker to install (the whole shell precached) before cutting the network.
test.describe.configure({ timeout: 120_000 });

// An infection-prevention observer on a phone, on a ward without signal (docs/SCREENS.md
// 'Observation Audits'): a session started, opportunities recorded and one undone, the phone
// reloaded twice, the session ended, and everything sent once when the signal is back.

const UNIT = 'ICU – 3 North';

/** The month (YYYY-MM) of `at` on the unit's clock, as GET /audits/sessions reads it. */
const monthIn = (at: string, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit' }).format(new Date(at)).slice(0, 7);

test('an observer records a session offline on a phone, and the server stores it and its records once', async ({ page, context, request }) => {
  // Signed in as the hospital administrator, whose template holds every report subject.
  await signedInAs(page, 'manager');
  const audits = new ObservationAuditsPage(page);
  const outbox = new OutboxPanel(page);
  await audits.goto();
  await serviceWorkerInControl(page);
  // The units the observer may audit are loaded, and kept, before the signal goes.
  await expect(page.getByRole('combobox', { name: 'Unit' })).not.toHaveValue('');
  await page.waitForLoadState('networkidle');
  const api = apiAs(request, await idTokenOf(page));
  const unit = (await api.get<{ data: AuditUnit[] }>('/audits/units')).data.find((u) => u.name === UNIT) as AuditUnit;
  expect(unit).toBeDefined();

  // What the app sends of the audits, request by request, once the signal is back.
  const sent: { method: string; path: string; body: Record<string, unknown> | null }[] = [];
  page.on('request', (r: Request) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/audits/') && r.method() !== 'GET') sent.push({ method: r.method(), path, body: r.postDataJSON() as Record<string, unknown> | null });
  });

  await context.setOffline(true);
  await expect(outbox.indicator()).toHaveText('Offline');
  await audits.choose('Unit', UNIT);
  await audits.startButton().tap();
  await expect(audits.sessionHeading(UNIT)).toBeVisible();
  await expect(outbox.indicator()).toHaveText('Offline · 1 queued');

  const room = await audits.choose('Room');
  // Who is watched, named by the badge they wear: its code typed as a reader types it, looked up offline.
  await audits.personKind('Staff');
  const member = unit.staff.find((s) => s.wearableMacs.length > 0) as AuditUnit['staff'][number];
  expect(member).toBeDefined();
  const person = await audits.scanBadge(member.wearableMacs[0] as string);
  expect(person).toBe(member.name);
  await audits.record(/Before touching a patient/, 'Rub');
  await audits.record(/Room entry/, 'Wash', true);
  await audits.record(/After touching a patient/, 'Missed');
  await audits.record(/Room exit/, 'Rub');
  await audits.expectCount(4, 3, '75 %');
  await expect(audits.records().first()).toContainText('Room exit · Rub');
  await expect(audits.records().first()).toContainText(`${person} · ${room}`);

  await audits.undoLast();
  await audits.expectCount(3, 2, '67 %');
  await expect(audits.records()).toHaveCount(3);
  await expect(audits.records().first()).toContainText('After touching a patient · Missed');
  await expect(audits.records().first()).toContainText('Pending');
  await expect(outbox.indicator()).toHaveText('Offline · 6 queued');

  // On the phone: nothing to scroll sideways, no word cut short, every control a finger's size
  // (an indication chosen, so the actions are live).
  await audits.expectNoSidewaysScroll();
  expect(await audits.cutLabels()).toEqual([]);
  await page.getByRole('button', { name: /Before touching a patient/ }).tap();
  expect(await audits.smallControls()).toEqual([]);
  await page.getByRole('button', { name: /Before touching a patient/ }).tap();

  for (let reload = 0; reload < 2; reload++) {
    await page.reload();
    await expect(audits.sessionHeading(UNIT)).toBeVisible();
    await audits.expectCount(3, 2, '67 %');
    await expect(audits.records()).toHaveCount(3);
    await expect(page.getByRole('combobox', { name: 'Room' })).toHaveValue(room);
    await expect(outbox.indicator()).toHaveText('Offline · 6 queued');
  }

  await audits.endSession();
  await expect(audits.startButton()).toBeVisible();
  await expect(outbox.indicator()).toHaveText('Offline · 7 queued');

  await context.setOffline(false);
  await expect(outbox.indicator()).toHaveText('Online', { timeout: 30_000 });

  // Each change went out once, in the order made: the start, the four records, the undo of the last, the end.
  const start = sent.find((s) => s.path === '/api/audits/sessions');
  expect(start?.body).toMatchObject({ groupId: unit.id });
  const clientId = start?.body?.clientId as string;
  const records = sent.filter((s) => s.path === '/api/audits/observations').map((s) => s.body?.clientId as string);
  expect(new Set(records).size).toBe(4);
  expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
    'POST /api/audits/sessions',
    ...records.map(() => 'POST /api/audits/observations'),
    `DELETE /api/audits/observations/${records[3]}`,
    `POST /api/audits/sessions/${clientId}/end`,
  ]);

  // The server holds the session once, ended, with the three records left.
  const month = monthIn(start?.body?.startedAt as string, unit.timeZone);
  const mine = (await api.get<{ data: ObservationSession[] }>(`/audits/sessions?groupId=${unit.id}&month=${month}&mine=true`)).data;
  const stored = mine.filter((s) => s.clientId === clientId);
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ groupId: unit.id, observations: 3, compliant: 2 });
  expect(stored[0]?.endedAt).not.toBeNull();

  // And the observer's Sessions list says the same, on the unit's clock.
  await page.getByRole('tab', { name: 'Sessions' }).tap();
  const card = audits.sessions().filter({ hasText: '3 observations · 2 compliant (67 %)' });
  await expect(card).toHaveCount(1);
  await expect(card).not.toContainText('Pending');
  await expect(audits.main().getByText(`(${unit.timeZone})`, { exact: false })).toBeVisible();
});

test('a user without the observation audits is not offered the page', async ({ page }) => {
  await signedInAs(page, 'tech', '/app/reports/observation-audits');
  await expect(page.getByRole('button', { name: 'Start session' })).toHaveCount(0);
  await expect(page).not.toHaveURL(/observation-audits/);
});
