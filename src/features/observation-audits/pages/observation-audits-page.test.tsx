import 'fake-indexeddb/auto';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session-context';
import { offlineDb } from '@/offline/db';
import { queueOf } from '@/offline/outbox';
import { outboxUserOf } from '@/offline/use-outbox';
import { makeSession } from '@/test/fixtures';
import { createTestQueryClient, render } from '@/test/render';
import { auditKeys } from '../api/keys';
import { auditDb } from '../audit-store';
import { observationAuditsSearchSchema } from '../observation-audits-search';
import { AUDIT_OBSERVATION, AUDIT_OBSERVATION_UNDO, AUDIT_SESSION_END, AUDIT_SESSION_START } from '../outbox-handlers';
import { monthIn } from '../session-figures';
import { ICU, serverSession } from '../test-data';
import ObservationAuditsPage from './observation-audits-page';

const PATH = '/app/reports/observation-audits';
const session = makeSession('manager');
const userSub = outboxUserOf(session.user);

function seeded(): QueryClient {
  const queryClient = createTestQueryClient();
  queryClient.setDefaultOptions({ queries: { staleTime: Infinity, retry: false } });
  queryClient.setQueryData(auditKeys.units(), [ICU]);
  queryClient.setQueryData(auditKeys.sessions(ICU.id, monthIn(Date.now(), ICU.timeZone), 'mine'), [
    serverSession('earlier', '2000-01-01T00:00:00.000Z', { endedAt: '2000-01-01T01:00:00.000Z', observations: 4, compliant: 3 }),
  ]);
  return queryClient;
}

/** The page as the app shows it (its address read by its route's schema); a reload is a fresh render. */
async function openPage(search = '', queryClient = seeded()) {
  const root = createRootRoute({ component: Outlet });
  const route = createRoute({ getParentRoute: () => root, path: PATH, validateSearch: observationAuditsSearchSchema, component: () => <ObservationAuditsPage entry={{ title: 'Observation Audits' }} /> });
  const router = createRouter({ routeTree: root.addChildren([route]), history: createMemoryHistory({ initialEntries: [`${PATH}${search}`] }) });
  const view = render(
    <SessionProvider value={session}>
      <RouterProvider router={router} />
    </SessionProvider>,
    { queryClient },
  );
  await router.load();
  return view;
}

const queued = () => queueOf(offlineDb(), userSub);
const button = (name: string | RegExp) => screen.getByRole('button', { name });
const figure = (name: string) => screen.getByRole('group', { name });

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** Starts a session on the ICU and waits for its screen. */
async function startSession() {
  const view = await openPage();
  await userEvent.click(await screen.findByRole('button', { name: 'Start session' }));
  expect(await screen.findByRole('heading', { name: ICU.name })).toBeInTheDocument();
  return view;
}

/** One record: the indication, then the action. */
async function record(indication: RegExp, action: 'Rub' | 'Wash' | 'Missed') {
  await userEvent.click(button(indication));
  await userEvent.click(button(action));
}

beforeEach(() => {
  // Offline: everything waits in the outbox, as on a ward without signal.
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await offlineDb().outbox.clear();
  await auditDb().sessions.clear();
  await auditDb().observations.clear();
});

describe('Observation Audits: recording', () => {
  it('makes a record at the action’s tap with the room and person chosen, queued after its session', async () => {
    await startSession();
    await choose('Room', 'Room 302');
    await userEvent.click(screen.getByRole('radio', { name: 'Staff' }));
    await choose('Staff member', 'Dana Ortiz');

    // No action before an indication.
    expect(button('Rub')).toBeDisabled();
    await userEvent.click(button(/Before touching a patient/));
    expect(button(/Before touching a patient/)).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(button('Gloves'));
    const before = Date.now();
    await userEvent.click(button('Rub'));

    await waitFor(() => expect(figure('Opportunities')).toHaveTextContent('1'));
    expect(figure('Compliance')).toHaveTextContent('100 %');
    // The indication and gloves are cleared: a second tap of Rub records nothing.
    expect(button('Rub')).toBeDisabled();
    expect(button('Gloves')).toHaveAttribute('aria-pressed', 'false');
    const list = within(screen.getByRole('list', { name: 'Last records' }));
    expect(list.getByText('1. Before touching a patient · Rub · gloves')).toBeInTheDocument();
    expect(list.getByText(/Dana Ortiz · Room 302/)).toBeInTheDocument();
    expect(await list.findByText('Pending')).toBeInTheDocument();

    const items = await queued();
    expect(items.map((item) => item.type)).toEqual([AUDIT_SESSION_START, AUDIT_OBSERVATION]);
    const [start, made] = items as [(typeof items)[number], (typeof items)[number]];
    const sessionId = (start.payload as { body: { clientId: string; groupId: number } }).body.clientId;
    expect((start.payload as { body: { groupId: number } }).body.groupId).toBe(ICU.id);
    expect(new Set(items.map((item) => item.entity))).toEqual(new Set([`audit-session:${sessionId}`]));
    const body = (made.payload as { body: Record<string, unknown> }).body;
    expect(body).toMatchObject({ sessionClientId: sessionId, zoneId: 102, indication: 'MOMENT_1', action: 'RUB', gloves: true, userId: 41, professionId: null });
    expect(Date.parse(body.observedAt as string)).toBeGreaterThanOrEqual(before);
  });

  it('names the person watched by their badge’s tag, and says so when a tag names nobody on the unit', async () => {
    await startSession();
    await userEvent.click(screen.getByRole('radio', { name: 'Staff' }));
    await userEvent.click(button('Scan a badge'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Scan a badge' }));
    const field = dialog.getByRole('textbox', { name: "Badge's NFC tag (tap it or type its id)" });
    await userEvent.type(field, '04A1B2C3D4E5F6AB99999{Enter}');
    expect(dialog.getByRole('alert')).toHaveTextContent('04A1B2C3D4E5F6AB99999 names nobody on ICU – 3 North');
    expect(screen.getByRole('combobox', { name: 'Staff member' })).toHaveValue('');

    await userEvent.type(field, '04A1B2C3D4E5F6{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Scan a badge' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Staff member' })).toHaveValue('Dana Ortiz'));
    await record(/Room entry/, 'Rub');
    await waitFor(() => expect(figure('Opportunities')).toHaveTextContent('1'));
    const made = (await queued()).find((item) => item.type === AUDIT_OBSERVATION);
    expect((made?.payload as { body: { userId: number | null } }).body.userId).toBe(41);
  });

  it('names a profession alone, or nobody', async () => {
    await startSession();
    await userEvent.click(screen.getByRole('radio', { name: 'Profession' }));
    await choose('Profession', 'Physician');
    await record(/Room entry/, 'Wash');
    await waitFor(() => expect(figure('Opportunities')).toHaveTextContent('1'));
    await userEvent.click(screen.getByRole('radio', { name: 'Unknown' }));
    await record(/After touching patient surroundings/, 'Missed');
    await waitFor(() => expect(figure('Opportunities')).toHaveTextContent('2'));
    expect(figure('Compliant')).toHaveTextContent('1');
    expect(figure('Compliance')).toHaveTextContent('50 %');

    const bodies = (await queued()).filter((item) => item.type === AUDIT_OBSERVATION).map((item) => (item.payload as { body: object }).body);
    expect(bodies).toMatchObject([
      { indication: 'ROOM_ENTRY', action: 'WASH', userId: null, professionId: 'MD', zoneId: null },
      { indication: 'MOMENT_5', action: 'MISSED', userId: null, professionId: null },
    ]);
  });

  it('takes back the latest record with Undo last, queued after it, and keeps the rest through a reload', async () => {
    const view = await startSession();
    await record(/Before touching a patient/, 'Rub');
    await record(/After touching a patient/, 'Missed');
    await record(/Room exit/, 'Wash');
    await waitFor(() => expect(figure('Opportunities')).toHaveTextContent('3'));

    await userEvent.click(button('Undo last'));
    await waitFor(() => expect(figure('Opportunities')).toHaveTextContent('2'));
    expect(figure('Compliant')).toHaveTextContent('1');
    expect(screen.queryByText(/Room exit · Wash/)).not.toBeInTheDocument();

    const items = await queued();
    expect(items.map((item) => item.type)).toEqual([AUDIT_SESSION_START, AUDIT_OBSERVATION, AUDIT_OBSERVATION, AUDIT_OBSERVATION, AUDIT_OBSERVATION_UNDO]);
    const undone = (items[4]?.payload as { clientId: string }).clientId;
    expect((items[3]?.payload as { body: { clientId: string } }).body.clientId).toBe(undone);

    // A reload: the open session and its records come back from the device.
    view.unmount();
    await openPage();
    expect(await screen.findByRole('heading', { name: ICU.name })).toBeInTheDocument();
    await waitFor(() => expect(figure('Opportunities')).toHaveTextContent('2'));
    expect(screen.getByText(/After touching a patient · Missed/)).toBeInTheDocument();
  });

  it('brings back a record that was queued when the page closed before keeping it', async () => {
    const view = await startSession();
    await choose('Room', 'Room 302');
    await record(/Before touching a patient/, 'Rub');
    await record(/Room exit/, 'Missed');
    await waitFor(() => expect(figure('Opportunities')).toHaveTextContent('2'));

    // The page closed between the outbox's write and the store's: the store lacks the last record.
    view.unmount();
    const last = (await queued()).at(-1)?.payload as { body: { clientId: string } };
    await auditDb().observations.delete(last.body.clientId);

    await openPage();
    expect(await screen.findByRole('heading', { name: ICU.name })).toBeInTheDocument();
    await waitFor(() => expect(figure('Opportunities')).toHaveTextContent('2'));
    expect(figure('Compliant')).toHaveTextContent('1');
    expect(screen.getByText(/Room exit · Missed/)).toBeInTheDocument();
    expect(screen.getAllByText(/Room 302/)).toHaveLength(2);
    expect((await queued()).filter((item) => item.type === AUDIT_OBSERVATION)).toHaveLength(2);
  });

  it('asks before ending the session, then lists it as pending among the month’s sessions', async () => {
    await startSession();
    await record(/Before a clean or aseptic procedure/, 'Rub');
    await waitFor(() => expect(figure('Opportunities')).toHaveTextContent('1'));

    await userEvent.click(button('End session'));
    const dialog = within(await screen.findByRole('dialog', { name: 'End this session?' }));
    expect(dialog.getByText(/1 opportunity recorded on ICU – 3 North/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'End session' }));
    expect(await screen.findByRole('button', { name: 'Start session' })).toBeInTheDocument();
    expect((await queued()).map((item) => item.type)).toEqual([AUDIT_SESSION_START, AUDIT_OBSERVATION, AUDIT_SESSION_END]);

    await userEvent.click(screen.getByRole('tab', { name: 'Sessions' }));
    const sessions = within(await screen.findByRole('list', { name: 'Your sessions' }));
    const cards = sessions.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    // The outbox's view catches up with the queue within moments.
    await waitFor(() => expect(sessions.getAllByRole('listitem')[0]).toHaveTextContent('Pending'));
    expect(cards[0]).toHaveTextContent('1 observation · 1 compliant (100 %)');
    expect(cards[1]).toHaveTextContent('4 observations · 3 compliant (75 %)');
    expect(screen.getByText(/Times in .* \(US\/Pacific\)/)).toBeInTheDocument();
  });
});

describe('Observation Audits: the Sessions list', () => {
  it('lists every observer’s sessions of the unit when asked, naming each observer', async () => {
    const queryClient = seeded();
    queryClient.setQueryData(auditKeys.sessions(ICU.id, monthIn(Date.now(), ICU.timeZone), 'all'), [
      serverSession('theirs', '2000-01-02T00:00:00.000Z', { endedAt: '2000-01-02T01:00:00.000Z', observer: { id: 9, name: 'Avery Chen' }, observations: 2, compliant: 1 }),
    ]);
    await openPage('?tab=sessions', queryClient);
    const mine = within(await screen.findByRole('list', { name: 'Your sessions' }));
    expect(mine.getAllByRole('listitem')).toHaveLength(1);
    expect(mine.queryByText(/Observer:/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Every observer’s' }));
    const everyone = within(await screen.findByRole('list', { name: 'Sessions of every observer' }));
    expect(everyone.getByText('Observer: Avery Chen')).toBeInTheDocument();
    expect(everyone.getByText('2 observations · 1 compliant (50 %)')).toBeInTheDocument();
  });
});
