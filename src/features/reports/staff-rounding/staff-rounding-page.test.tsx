import type { Group } from '@contracts/entities';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EndpointSpec } from '@contracts/endpoint';
import { mainApi } from '@/lib/api-client';
import { SessionProvider } from '@/lib/session-context';
import { makeSession } from '@/test/fixtures';
import { privacyEndpoints } from '@contracts/privacy';
import { statedFor } from '@/test/purposes';
import { render } from '@/test/render';
import { reportSearchSchema } from '../filters/report-search';
import StaffRoundingPage from './staff-rounding-page';
import { reportRoutesUnder, staticDataOf } from '@/test/render-with-router';

const PATH = '/app/reports/staff-rounding';
// A page of tables and a chart: give a loaded machine time to draw it.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

function ward(id: number, name: string): Group {
  return {
    id, parentId: null, organizationId: 5, name, type: 'UNIT', address: null, timeZone: 'US/Pacific', floorplanImage: null, shiftLengthHours: 12,
    requiredHandWashDuration: 20, requiredVisitDuration: 30, beforeEntrySecondsToComply: 60, afterEntrySecondsToComply: 60,
    beforeExitSecondsToComply: 60, afterExitSecondsToComply: 60, mapScale: null, groupOnly: false, accessible: true,
  };
}

const session = (() => {
  const base = makeSession('manager', { managedGroupIds: [6, 7] });
  return { ...base, bootstrap: { ...base.bootstrap, groups: [ward(6, 'ICU – 3 North'), ward(7, 'ICU – 3 South')] } };
})();

const hourly = Array.from({ length: 24 }, (_, h) => ({ hour: `${h}:00`, total: h === 2 ? 2 : 0, duration: h === 2 ? 180 : 0 }));
const ANSWERS: Record<string, unknown> = {
  '/staffRounding/user': [
    { id: 11, name: 'Ana Lopez', profession: 'REGISTERED_NURSE', organizationId: 5, avgDuration: 90, totalDuration: 270, uniqueBedsVisited: 2, totalBedVisits: 3 },
    { id: 12, name: 'Ben Okafor', profession: null, organizationId: 5, avgDuration: 300, totalDuration: 300, uniqueBedsVisited: 1, totalBedVisits: 1 },
  ],
  '/staffRounding/bed': [{ beaconId: 40, name: 'Room 301 Bed A', groupId: 6, avgDuration: 160, totalDuration: 480, uniqueStaffVisits: 2, totalStaffVisits: 3 }],
  '/staffRounding/user/stats': {
    visits: [
      { entryTime: '2026-03-03T10:00:00.000Z', beaconId: 40, bedName: 'Room 301 Bed A', duration: 60 },
      { entryTime: '2026-03-03T10:05:00.000Z', beaconId: 41, bedName: 'Room 302 Bed A', duration: 120 },
    ],
    hourly,
  },
  '/staffRounding/bed/stats': {
    visits: [{ entryTime: '2026-03-03T10:00:00.000Z', userId: 11, name: 'Ana Lopez', profession: 'REGISTERED_NURSE', duration: 60 }],
    hourly,
  },
};

let calls: { path: string; query: Record<string, unknown> }[] = [];
/** The people whose figures the signed-in user has said why they open, in this sign-in. */
let stated: number[] = [];
beforeEach(() => {
  calls = [];
  stated = [11, 12];
  vi.spyOn(mainApi, 'call').mockImplementation(async (spec: EndpointSpec, input: { query?: unknown; body?: unknown }) => {
    calls.push({ path: spec.path, query: input.query as Record<string, unknown> });
    if (spec.path === privacyEndpoints.purposes.path) {
      if (spec.method === 'GET') return statedFor(...stated) as never;
      const { personUserId } = input.body as { personUserId: number };
      stated.push(personUserId);
      return statedFor(personUserId).data[0] as never;
    }
    return ANSWERS[spec.path] as never;
  });
});
afterEach(() => vi.restoreAllMocks());

async function renderPage(search = '?tab=user&groupIds=6,7&startDate=2026-03-01&endDate=2026-03-07') {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: PATH, validateSearch: reportSearchSchema, staticData: staticDataOf(PATH), component: () => <StaffRoundingPage entry={{ title: 'Staff Rounding Report' }} /> });
  const other = createRoute({ getParentRoute: () => root, path: '/app/reports/user-performance', staticData: staticDataOf('/app/reports/user-performance'), component: () => <p>User Performance</p> });
  const router = createRouter({ routeTree: root.addChildren([page, other, ...reportRoutesUnder(root, [PATH, '/app/reports/user-performance'])]), history: createMemoryHistory({ initialEntries: [`${PATH}${search}`] }) });
  render(
    <SessionProvider value={session}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  await router.load();
  return router;
}

const list = (name: string) => screen.findByRole('table', { name });

describe('the Staff Rounding page', () => {
  it('lists the staff on the user tab and the beds on the bed tab, the tab in the address', async () => {
    const router = await renderPage();
    expect(await within(await list('Staff rounding by user')).findByText('Ana Lopez')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/staffRounding/user')?.query).toMatchObject({ groupIds: [6, 7], startDate: '2026-03-01', endDate: '2026-03-07' });

    await userEvent.click(screen.getByRole('tab', { name: 'Beds' }));
    expect(await within(await list('Staff rounding by bed')).findByText('Room 301 Bed A')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'bed' }));
    expect(screen.queryByRole('table', { name: 'Staff rounding by user' })).not.toBeInTheDocument();
  });

  it('asks why before a user’s visits and hourly stats, shows them under Details, says the reading is recorded, and Back returns to the list', async () => {
    stated = [];
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Details of Ana Lopez' }));
    expect(await screen.findByRole('heading', { name: 'Ana Lopez' })).toBeInTheDocument();
    // Nothing of hers is read before a purpose is given.
    await userEvent.click(await screen.findByRole('radio', { name: 'Coaching and feedback' }));
    expect(calls.some((c) => c.path === '/staffRounding/user/stats')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Open their figures' }));
    const visits = await list('Bed visits of Ana Lopez');
    expect(await within(visits).findByText('Room 302 Bed A')).toBeInTheDocument();
    expect(await within(visits).findByText('Mar 3, 2:05 AM PST')).toBeInTheDocument();
    expect(await within(visits).findByText('2 min')).toBeInTheDocument();
    const hours = await list('Hourly stats of Ana Lopez');
    expect(await within(hours).findByText('2:00')).toBeInTheDocument();
    expect(await within(hours).findByText('3 min')).toBeInTheDocument();
    expect(await screen.findByTestId('audit-note')).toHaveTextContent('recorded in the audit trail');
    expect(calls.find((c) => c.path === '/staffRounding/user/stats')?.query).toMatchObject({ userId: 11, groupIds: [6, 7], startDate: '2026-03-01' });

    await userEvent.click(await screen.findByRole('button', { name: 'Back to the users' }));
    expect(await list('Staff rounding by user')).toBeInTheDocument();
  });

  it('shows a bed’s visits with who made them, without the audit note', async () => {
    await renderPage('?tab=bed&groupIds=6,7&startDate=2026-03-01&endDate=2026-03-07');
    await userEvent.click(await screen.findByRole('button', { name: 'Details of Room 301 Bed A' }));
    const visits = await list('Visits to Room 301 Bed A');
    expect(await within(visits).findByText('Ana Lopez')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/staffRounding/bed/stats')?.query).toMatchObject({ beaconId: 40, startDate: '2026-03-01' });
    expect(screen.queryByTestId('audit-note')).not.toBeInTheDocument();
  });

  it('returns to the list when the locations change, and keeps the Details when the dates do', async () => {
    const router = await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Details of Ana Lopez' }));
    expect(await screen.findByRole('heading', { name: 'Ana Lopez' })).toBeInTheDocument();

    await router.navigate({ to: PATH, search: { tab: 'user', groupIds: '6,7', startDate: '2026-03-02', endDate: '2026-03-08' }, replace: true });
    expect(await screen.findByRole('table', { name: 'Bed visits of Ana Lopez' })).toBeInTheDocument();

    await router.navigate({ to: PATH, search: { tab: 'user', groupIds: 6, startDate: '2026-03-02', endDate: '2026-03-08' }, replace: true });
    expect(await list('Staff rounding by user')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ana Lopez' })).not.toBeInTheDocument();
  });

  it('opens on the Details of the person another report’s row menu sent', async () => {
    const router = await renderPage();
    await router.navigate({ to: '/app/reports/user-performance' });
    await router.navigate({
      to: PATH,
      search: { tab: 'user', groupIds: '6,7', search: 'Ben Okafor', startDate: '2026-03-01', endDate: '2026-03-07' },
      state: { reportPerson: { id: 12, name: 'Ben Okafor', organizationId: 5 } },
    });
    expect(await screen.findByRole('heading', { name: 'Ben Okafor' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.path === '/staffRounding/user/stats' && c.query.userId === 12)).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Back to the users' }));
    expect(await list('Staff rounding by user')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.state.reportPerson).toBeUndefined());
    expect(router.state.location.search).toMatchObject({ search: 'Ben Okafor' });
  });
});
