import type { Group, UserSummary } from '@contracts/entities';
import type { EndpointSpec } from '@contracts/endpoint';
import { privacyEndpoints, type AuditTrailRow } from '@contracts/privacy';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mainApi } from '@/lib/api-client';
import { PageTitleContext } from '@/lib/page-titles';
import { SessionProvider } from '@/lib/session-context';
import { catchDownloads } from '@/test/downloads';
import { makeSession } from '@/test/fixtures';
import { render } from '@/test/render';
import { auditTrailSearchSchema } from '../audit-trail-search';
import AuditTrailPage from './audit-trail-page';

const PATH = '/app/accounts/audit-trail';
// A page of filters and a table: give a loaded machine time to draw it.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 30_000 });

const ward: Group = {
  id: 6, parentId: null, organizationId: 2, name: 'ICU – 3 North', type: 'UNIT', address: null, timeZone: 'US/Pacific', floorplanImage: null, shiftLengthHours: 12,
  requiredHandWashDuration: 20, requiredVisitDuration: 30, beforeEntrySecondsToComply: 60, afterEntrySecondsToComply: 60,
  beforeExitSecondsToComply: 60, afterExitSecondsToComply: 60, mapScale: null, groupOnly: false, accessible: true,
};

function person(id: number, firstName: string, lastName: string): UserSummary {
  return {
    id, userName: `${firstName.toLowerCase()}@stmarys.example`, clientUserId: null, firstName, lastName, name: `${firstName} ${lastName}`, email: null, phone: null,
    picture: null, professionId: null, organizationId: 2, groupId: 6, active: true, demo: false, createdAt: '2024-01-01T00:00:00.000Z',
  };
}

const session = (() => {
  const base = makeSession('manager', { groupId: 6 });
  return { ...base, bootstrap: { ...base.bootstrap, groups: [ward], users: [person(11, 'Ana', 'Lopez'), person(12, 'Ben', 'Okafor')] } };
})();

function event(id: number, patch: Partial<AuditTrailRow> = {}): AuditTrailRow {
  return {
    id, at: '2026-03-03T10:05:00.000Z', actor: { id: 12, name: 'Ben Okafor' }, action: 'read', method: 'GET', route: '/api/users/:id/emailSubscriptions',
    params: { id: 11 }, query: {}, target: {}, person: { id: 11, name: 'Ana Lopez' }, status: 200, page: null, purpose: null, purposeNote: null, ip: null, ...patch,
  };
}

const FIRST = [
  event(100, { page: '/app/reports/user-overview', route: '/api/compliance/user/dashboard', params: {}, purpose: 'COACHING', purposeNote: 'Monthly review' }),
  event(99, { action: 'write', method: 'PUT', route: '/api/users/:id/set-details', status: 403, actor: { id: 7, name: 'User' } }),
  ...Array.from({ length: 18 }, (_, i) => event(98 - i)),
];

const LAST = event(80, { route: '/api/nfc-tags/:id/events', params: { id: 5 }, person: null });

/** The events the server holds: 20 on the first page, one more after it, none for a filter by Ben. */
let calls: Record<string, unknown>[] = [];
beforeEach(() => {
  calls = [];
  vi.spyOn(mainApi, 'call').mockImplementation(async (spec: EndpointSpec, input: { query?: unknown }) => {
    if (spec.path !== privacyEndpoints.auditTrail.path) throw new Error(`unexpected call to ${spec.path}`);
    const query = input.query as Record<string, unknown>;
    calls.push(query);
    if (query.personUserId === 12) return { data: [], totalCount: 0 } as never;
    if (query.startingAfter === 81) return { data: [LAST], totalCount: 21 } as never;
    // The export asks for more than 20 at once: every event comes in one page.
    return { data: Number(query.take) > FIRST.length ? [...FIRST, LAST] : FIRST, totalCount: 21 } as never;
  });
});
afterEach(() => vi.restoreAllMocks());

const titleOf = (path: string) => (path === '/app/reports/user-overview' ? 'User Overview' : null);

async function renderPage(search = '') {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: PATH, validateSearch: auditTrailSearchSchema, component: () => <AuditTrailPage entry={{ title: 'Audit Trail' }} /> });
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: [`${PATH}${search}`] }) });
  render(
    <SessionProvider value={session}>
      <PageTitleContext.Provider value={titleOf}>
        <RouterProvider router={router} />
      </PageTitleContext.Provider>
    </SessionProvider>,
  );
  await router.load();
  return router;
}

const table = () => screen.findByRole('table', { name: 'Audit trail' });

describe('the Audit Trail page', () => {
  it('lists the events in the viewer’s clock, its zone named once, with the page and the purpose', async () => {
    await renderPage();
    const list = await table();
    const first = (await within(list).findByText('GET /api/compliance/user/dashboard')).closest('tr') as HTMLElement;
    expect(within(first).getByText('Mar 3, 2026, 2:05:00 AM PST')).toBeInTheDocument();
    expect(within(first).getByText('User Overview')).toBeInTheDocument();
    expect(within(first).getByText('Coaching and feedback: Monthly review')).toBeInTheDocument();
    expect(within(first).getByText('Ana Lopez')).toBeInTheDocument();
    // The path's own values fill the route; a masked actor is told apart by id; a refusal is kept.
    const refused = (await within(list).findByText('PUT /api/users/11/set-details')).closest('tr') as HTMLElement;
    expect(within(refused).getByText('User 7')).toBeInTheDocument();
    expect(within(refused).getByText('Write')).toBeInTheDocument();
    expect(within(refused).getByText('403')).toBeInTheDocument();
    expect(screen.getByTestId('audit-trail-zone')).toHaveTextContent('Times are in Pacific Time');
    expect(calls).toEqual([{ take: 20, startingAfter: undefined }]);
  });

  it('sends the filters of the address, and writes each change to it', async () => {
    const router = await renderPage('?actorUserId=12&startDate=2026-03-01&endDate=2026-03-07');
    await table();
    expect(calls.at(-1)).toEqual({ actorUserId: 12, startDate: '2026-03-01', endDate: '2026-03-07', take: 20, startingAfter: undefined });
    expect(screen.getByRole('button', { name: 'Days (UTC) Mar 1 – Mar 7, 2026' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Write' }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ action: 'write', actorUserId: 12 }));
    expect(router.state.location.search).toMatchObject({ action: 'write', actorUserId: 12 });

    await userEvent.click(screen.getByRole('combobox', { name: 'Person' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Ana Lopez' }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ personUserId: 11, action: 'write' }));
    expect(router.state.location.search).toMatchObject({ personUserId: 11 });

    await userEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ take: 20, startingAfter: undefined }));
    expect(router.state.location.search).toEqual({});
    expect(screen.getByRole('button', { name: 'Days (UTC) All days' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset filters' })).toBeDisabled();
  });

  it('asks for no range when the address holds an impossible one', async () => {
    await renderPage('?startDate=2026-03-07&endDate=2026-03-01&action=delete');
    await table();
    expect(calls.at(-1)).toEqual({ take: 20, startingAfter: undefined });
  });

  it('shows more after the last event shown, until every one is', async () => {
    await renderPage();
    const list = await table();
    await userEvent.click(await screen.findByRole('button', { name: 'Show more (20 of 21)' }));
    expect(await within(list).findByText('GET /api/nfc-tags/5/events')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ take: 20, startingAfter: 81 });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument());
  });

  it('exports every matching event, each time as UTC', async () => {
    const downloads = catchDownloads();
    await renderPage('?action=read');
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.count()).toBe(1));
    const [file] = await downloads.saved();
    expect(file?.name).toMatch(/^Audit_trail_.*_Export\.csv$/);
    const lines = file?.text.trim().split(/\r?\n/) ?? [];
    expect(lines[0]).toContain('When,Actor,Action,What,Person,Status,Purpose');
    expect(lines).toHaveLength(1 + 21);
    expect(lines[1]).toMatch(/^2026-03-03T10:05:00\.000Z,Ben Okafor,Read,/);
    expect(calls.at(-1)).toEqual({ action: 'read', take: 500, startingAfter: undefined });
  });

  it('says when no event matches', async () => {
    await renderPage('?personUserId=12');
    expect(await within(await table()).findByText('No events match these filters.')).toBeInTheDocument();
    expect(calls.at(-1)).toMatchObject({ personUserId: 12 });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});
