import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, stringifySearchWith } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addressValueText } from '@/lib/address-search';
import { SessionProvider } from '@/lib/session-context';
import { makeSession } from '@/test/fixtures';
import { render } from '@/test/render';
import { reportSearchSchema } from './report-search';
import { useReportFilters } from './use-report-filters';

const PATH = '/app/reports/compliance';

function Filters() {
  const { filters, update } = useReportFilters(PATH);
  return (
    <>
      <output aria-label="metric">{filters.metric}</output>
      <output aria-label="split">{String(filters.split)}</output>
      <button type="button" onClick={() => update({ metric: filters.metric === 'total' ? 'average' : 'total' })}>
        Metric
      </button>
      <button type="button" onClick={() => update({ split: !filters.split })}>
        Split
      </button>
    </>
  );
}

/** The page in a router (its route reading the address as the app's does) that holds every navigation until `release` is called. */
async function renderHeld() {
  let release = () => {};
  let held = Promise.resolve();
  const hold = () => {
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  const root = createRootRoute({ component: Outlet });
  const route = createRoute({
    getParentRoute: () => root,
    path: PATH,
    validateSearch: reportSearchSchema,
    // What the Compliance Report's route keeps (its route-table row's filters): the hook reads it from the route.
    staticData: { keeps: ['organizationIds', 'organizationIdFilters', 'professionId', 'groupIds', 'groupIdFilters', 'startDate', 'endDate', 'view', 'userIds', 'metric', 'split'] },
    beforeLoad: () => held,
    component: Filters,
  });
  const router = createRouter({
    routeTree: root.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [PATH] }),
    stringifySearch: stringifySearchWith(addressValueText, JSON.parse),
  });
  render(
    <SessionProvider value={makeSession('manager')}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  await router.load();
  return { router, hold, release: () => release() };
}

describe('useReportFilters', () => {
  it('shows a change at once, and a second change made before the address is written keeps the first', async () => {
    const { router, hold, release } = await renderHeld();
    expect(await screen.findByLabelText('split')).toHaveTextContent('false');
    hold();

    await userEvent.click(screen.getByRole('button', { name: 'Split' }));
    expect(screen.getByLabelText('split')).toHaveTextContent('true');
    expect(router.state.resolvedLocation?.search).not.toHaveProperty('split');

    await userEvent.click(screen.getByRole('button', { name: 'Metric' }));
    expect(screen.getByLabelText('metric')).toHaveTextContent('total');
    expect(screen.getByLabelText('split')).toHaveTextContent('true');

    release();
    await waitFor(() => expect(router.state.location.search).toMatchObject({ split: true, metric: 'total' }));
    expect(screen.getByLabelText('split')).toHaveTextContent('true');
    expect(screen.getByLabelText('metric')).toHaveTextContent('total');
  });

  it('follows the address once it moves on', async () => {
    const { router } = await renderHeld();
    await userEvent.click(await screen.findByRole('button', { name: 'Split' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ split: true }));
    await router.navigate({ to: PATH, search: { split: false, metric: 'total' } });
    await waitFor(() => expect(screen.getByLabelText('split')).toHaveTextContent('false'));
    expect(screen.getByLabelText('metric')).toHaveTextContent('total');
  });
});
