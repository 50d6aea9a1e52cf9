import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '@/lib/config';
import { SessionProvider } from '@/lib/session-context';
import { makeSession, testConfig } from '@/test/fixtures';
import { renderWithRouter } from '@/test/render-with-router';

vi.mock('@/lib/auth', () => ({
  getIdToken: vi.fn(async () => 'id-token'),
  getAccessToken: vi.fn(async () => 'access-token'),
  signOut: vi.fn(async () => {}),
}));

import { defaultFilters } from '../filters/filter-state';
import { CdiffVisits } from './cdiff-visits';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const entry = (n: number) => Date.UTC(2026, 10, 25, 12) - n * 600_000;
const visit = (n: number) => ({
  visit: {
    id: `${100 + n}-${entry(n)}`,
    entryTimestamp: new Date(entry(n)).toISOString(),
    exitTimestamp: new Date(entry(n) + 300_000).toISOString(),
    entryWashTimestamp: null,
    exitWashTimestamp: null,
    exitWashType: n % 2 ? 'SOAP' : null,
    entryCompliant: true,
    exitCompliant: n % 2 === 1,
    compliant: n % 2 === 1,
    soapCompliant: n % 2 === 1,
  },
  user: { id: 100 + n, firstName: 'Nurse', lastName: `No ${n}`, organizationId: 3, professionId: null },
  nextBeacon: n === 1 ? { name: '3N-305' } : null,
});
/** 17 visits, 15 a page, newest first after the cursor. */
function answerVisits(url: URL) {
  const all = Array.from({ length: 17 }, (_, i) => visit(i + 1));
  const after = url.searchParams.get('startingAfter');
  const from = after ? all.findIndex((v) => v.visit.id === after) + 1 : 0;
  return json({ data: all.slice(from, from + Number(url.searchParams.get('take'))), totalCount: all.length });
}

const filters = {
  ...defaultFilters({ user: { managedOrganizationIds: [3], managedGroupIds: [6] }, organizations: [{ id: 3, accessible: true }], groups: [{ id: 6, accessible: true }] }, '2026-11-26'),
};
const filter = { zoneId: 42, groupIds: [6], startDate: '2026-11-20', endDate: '2026-11-26' };

describe('a C. diff room\'s visits', () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const urls = () => fetchSpy.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
  beforeEach(() => {
    setConfig(testConfig);
    fetchSpy.mockReset();
  });
  afterEach(() => fetchSpy.mockReset());

  it('lists 15 visits, then the rest after the last visit\'s id, each with a tick for soap and a menu to the visitor\'s reports', async () => {
    fetchSpy.mockImplementation(async (input) => answerVisits(new URL(String(input), 'http://localhost')));
    const onBack = vi.fn();
    await renderWithRouter(
      <SessionProvider value={makeSession('manager')}>
        <CdiffVisits room={{ name: '3N-303' }} timeZone="US/Pacific" filter={filter} filters={filters} onBack={onBack} />
      </SessionProvider>,
    );
    expect(await screen.findByText('15 of 17 visits loaded')).toBeInTheDocument();
    expect(urls()[0]?.pathname).toMatch(/\/zones\/cdiff\/42\/visits$/);
    const table = screen.getByRole('table', { name: 'Visits to 3N-303' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(15);
    expect(screen.getAllByRole('img', { name: 'Yes' })).toHaveLength(8);
    expect(screen.getByText('3N-305')).toBeInTheDocument();
    // Times are on the room's location's clock, named (11:50 UTC is 3:50 AM in Pacific winter time).
    expect(within(table).getByText('Nov 25, 2026, 3:50:00 AM PST')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Load more visits' }));
    expect(await screen.findByText('17 of 17 visits loaded')).toBeInTheDocument();
    expect(urls().at(-1)?.searchParams.get('startingAfter')).toBe(visit(15).visit.id);

    await userEvent.click(screen.getByRole('button', { name: 'Back to rooms' }));
    expect(onBack).toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Nurse No 2' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Staff Rounding' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/reports/staff-rounding'));
    expect(screen.getByTestId('location')).toHaveTextContent('search=Nurse+No+2');
  }, 20_000);

  it('logs a failure as "Failed to fetch user visits" and says so in place of the list', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchSpy.mockImplementation(async () => new Response('{}', { status: 500 }));
    await renderWithRouter(<CdiffVisits room={{ name: '3N-303' }} timeZone="US/Pacific" filter={filter} filters={filters} onBack={() => {}} />);
    expect(await screen.findByText("This room's visits could not be loaded")).toBeInTheDocument();
    expect(logged).toHaveBeenCalledWith('Failed to fetch user visits', expect.anything());
    logged.mockRestore();
  });
});
