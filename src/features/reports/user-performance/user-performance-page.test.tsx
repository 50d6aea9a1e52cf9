import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useLocation } from '@tanstack/react-router';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mainApi } from '@/lib/api-client';
import { SessionProvider, type SessionData } from '@/lib/session-context';
import { makeSession } from '@/test/fixtures';
import { render } from '@/test/render';
import { reportSearchSchema } from '../filters/report-search';
import UserPerformancePage from './user-performance-page';
import { reportRoutesUnder, staticDataOf } from '@/test/render-with-router';

configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const PATH = '/app/reports/user-performance';
const ANA = {
  name: 'Ana Lopez', userId: 11, profession: null, organizationId: 5, opportunities: 40, handwashes: 30,
  avgSoapDuration: null, avgSanitizerDuration: null, compliance: 0.75, usageMs: 3_600_000, active: true,
};

/** The trust beside the ranking: nothing to judge. */
const TRUST = { level: null, label: 'No devices to judge', rule: 'No devices to judge in this range', locationDays: { high: 0, medium: 0, low: 0 }, reasons: [], moreReasons: 0, days: [] };

beforeEach(() => {
  vi.spyOn(mainApi, 'call').mockImplementation((async (spec: { path: string }) => (spec.path === '/trust' ? TRUST : [ANA])) as never);
});
afterEach(() => vi.restoreAllMocks());

function Landed() {
  const location = useLocation();
  return <output aria-label="landed">{`${location.pathname} ${JSON.stringify(location.state.reportPerson ?? null)}`}</output>;
}

async function renderPage(session: SessionData) {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: PATH, validateSearch: reportSearchSchema, staticData: staticDataOf(PATH), component: () => <UserPerformancePage entry={{ title: 'User Performance' }} /> });
  const others = createRoute({ getParentRoute: () => root, path: '$', component: Landed });
  const router = createRouter({
    routeTree: root.addChildren([page, ...reportRoutesUnder(root, [PATH], Landed), others]),
    history: createMemoryHistory({ initialEntries: [`${PATH}?organizationIds=5&startDate=2026-03-01&endDate=2026-03-07&view=org`] }),
  });
  render(
    <SessionProvider value={session}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  await router.load();
  return router;
}

describe('User Performance row menu', () => {
  it('offers the reports of a person the user may open, and Staff Rounding carries the person', async () => {
    await renderPage(makeSession('manager'));
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ana Lopez' }));
    // Contact Tracing is for LAVO accounts: a hospital's (PRO) manager is not offered it.
    await waitFor(() => expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Staff Rounding']));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Staff Rounding' }));
    expect(await screen.findByLabelText('landed')).toHaveTextContent(
      '/app/reports/staff-rounding {"id":11,"name":"Ana Lopez","organizationId":5}',
    );
  });

  it('offers Staff Rounding and Contact Tracing to a provider account, and a row still opens Compliance', async () => {
    const router = await renderPage(makeSession('admin'));
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ana Lopez' }));
    await waitFor(() => expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Staff Rounding', 'Contact Tracing']));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByText('Ana Lopez'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/reports/compliance'));
    expect(router.state.location.search).toMatchObject({ userIds: 11 });
  });

  it('has no menu for a user who may open none of its reports', async () => {
    await renderPage(makeSession({ subjects: ['USER_PERFORMANCE', 'COMPLIANCE'], accountType: 'PRO' }));
    expect(await screen.findByText('Ana Lopez')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Ana Lopez' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
  });
});
