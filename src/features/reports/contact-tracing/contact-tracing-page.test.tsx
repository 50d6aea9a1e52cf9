import 'fake-indexeddb/auto';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, stringifySearchWith } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserSummary } from '@contracts/entities';
import { type ExposureInteraction, exposureEndpoints, type ExposureResponse, type ExposureUser } from '@contracts/reports/exposure';
import { addressValueText } from '@/lib/address-search';
import { SessionProvider } from '@/lib/session-context';
import { makeSession } from '@/test/fixtures';
import { purposesStatedFor } from '@/test/purposes';
import { createTestQueryClient, render } from '@/test/render';
import { reportQueryOptions } from '../shared/api/report-query';
import { reportSearchSchema } from '../filters/report-search';
import ContactTracingPage from './contact-tracing-page';
import { reportRoutesUnder, staticDataOf } from '@/test/render-with-router';

// A page with its tables and a slider: slower than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const PATH = '/app/reports/contact-tracing';
const DAY = '2023-05-10';

const person = (id: number, firstName: string, lastName: string): UserSummary => ({
  id,
  userName: `${firstName.toLowerCase()}@x`,
  clientUserId: `E${id}`,
  firstName,
  lastName,
  name: `${firstName} ${lastName}`,
  email: null,
  phone: null,
  picture: null,
  professionId: null,
  organizationId: 5,
  groupId: null,
  active: true,
  demo: false,
  createdAt: '2024-01-01T00:00:00.000Z',
});
const ADA = person(1, 'Ada', 'Lovelace');
const BYRON = person(2, 'Ada', 'Byron');
const GRACE = person(3, 'Grace', 'Hopper');

const base = makeSession('admin');
const session = {
  ...base,
  bootstrap: {
    ...base.bootstrap,
    organizations: [
      { id: 5, name: "St. Mary's", parentId: null, type: 'HOSPITAL', accountType: 'PRO' as const, settings: base.user.organization.settings, accessible: true },
    ],
    users: [ADA, BYRON, GRACE],
  },
};

const overlap = (source: UserSummary, contact: UserSummary, entry: string, exit: string): ExposureInteraction => ({
  userId: contact.id,
  name: contact.name,
  organizationId: 5,
  profession: null,
  sourceUserId: source.id,
  sourceName: source.name,
  beaconId: 10,
  zoneId: 20,
  room: 'Room 101',
  entryTimestamp: entry,
  exitTimestamp: exit,
  durationMs: Date.parse(exit) - Date.parse(entry),
});

const span = (startDate: string, endDate: string) => ({
  from: new Date(Date.parse(`${startDate}T00:00:00.000Z`) - 86_400_000).toISOString(),
  to: `${endDate}T23:59:59.999Z`,
  timeZone: 'UTC',
});

/** A traced person's answer, on the clock of locations in Pacific summer time (UTC−7). */
function tracing(interactions: ExposureInteraction[], startDate = DAY, endDate = DAY): ExposureResponse {
  const hours7 = 7 * 3_600_000;
  const utc = span(startDate, endDate);
  return {
    from: new Date(Date.parse(utc.from) + hours7).toISOString(),
    to: new Date(Date.parse(utc.to) + hours7).toISOString(),
    timeZone: 'US/Pacific',
    periodMs: 900_000,
    interactions,
    users: [],
  };
}

const exposed = (userId: number, name: string, minutes: number): ExposureUser => ({
  userId,
  name,
  organizationId: 5,
  profession: null,
  totalMs: minutes * 60_000,
  contacts: 2,
  interactions: 3,
});

function seed(queryClient: QueryClient, query: Record<string, unknown>, answer: ExposureResponse) {
  queryClient.setQueryData(reportQueryOptions(exposureEndpoints.interactions, query as never).queryKey, answer);
}

function seeded(): QueryClient {
  const queryClient = createTestQueryClient();
  queryClient.setDefaultOptions({ queries: { staleTime: Infinity, retry: false, gcTime: Infinity } });
  seed(
    queryClient,
    { organizationIds: [5], startDate: DAY, endDate: DAY, userId: GRACE.id },
    tracing([
      overlap(GRACE, ADA, '2023-05-09T00:00:00.000Z', '2023-05-09T00:14:29.000Z'),
      overlap(GRACE, BYRON, '2023-05-10T11:09:29.000Z', '2023-05-10T11:10:00.000Z'),
      overlap(GRACE, ADA, '2023-05-10T15:00:00.000Z', '2023-05-10T15:01:00.000Z'),
    ]),
  );
  seed(queryClient, { organizationIds: [5], startDate: DAY, endDate: DAY, userId: BYRON.id }, tracing([overlap(BYRON, GRACE, '2023-05-10T11:09:29.000Z', '2023-05-10T11:10:00.000Z')]));
  // The Exposure view: the week ending on the day, everyone from 1 minute up.
  const users = [
    ...Array.from({ length: 12 }, (_, i) => exposed(100 + i, `Nurse ${String(i).padStart(2, '0')}`, 20)),
    exposed(GRACE.id, GRACE.name, 15),
    exposed(ADA.id, ADA.name, 2),
  ];
  seed(queryClient, { organizationIds: [5], startDate: '2023-05-04', endDate: DAY, periodMs: 60_000 }, { ...span('2023-05-04', DAY), periodMs: 60_000, interactions: [], users });
  seed(
    queryClient,
    { organizationIds: [5], startDate: '2023-05-04', endDate: DAY, userId: GRACE.id },
    tracing([overlap(GRACE, ADA, '2023-05-06T08:00:00.000Z', '2023-05-06T08:15:00.000Z')], '2023-05-04', DAY),
  );
  return queryClient;
}

async function renderPage(search: string, queryClient = seeded()) {
  const root = createRootRoute({ component: Outlet });
  const route = createRoute({ getParentRoute: () => root, path: PATH, validateSearch: reportSearchSchema, staticData: staticDataOf(PATH), component: () => <ContactTracingPage entry={{ title: 'Contact Tracing Report' }} /> });
  const router = createRouter({
    routeTree: root.addChildren([route, ...reportRoutesUnder(root, [PATH])]),
    history: createMemoryHistory({ initialEntries: [`${PATH}?${search}`] }),
    stringifySearch: stringifySearchWith(addressValueText, JSON.parse),
  });
  render(
    <SessionProvider value={session}>
      <RouterProvider router={router} />
    </SessionProvider>,
    { queryClient },
  );
  await router.load();
  return router;
}

const rowsOf = (name: string) => within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
  // Why the admin traces them was said already in this sign-in (purpose-gate.test.tsx asks).
  purposesStatedFor(ADA.id, BYRON.id, GRACE.id);
});
afterEach(() => vi.restoreAllMocks());

describe('contact tracing', () => {
  it("shows the contacts of the person the search names, each overlap, the traced span and the audit note", async () => {
    await renderPage(`mode=contacts&organizationIds=5&date=${DAY}&search=hopper`);
    expect(await screen.findByRole('heading', { name: 'Contacts of Grace Hopper' })).toBeInTheDocument();
    await waitFor(() => expect(rowsOf('Contacts')).toHaveLength(2));
    // Most exposed first: Ada (14 min 29 sec + 1 min), then Ada Byron (31 sec).
    expect(rowsOf('Contacts')[0]).toHaveTextContent('Ada Lovelace');
    expect(rowsOf('Contacts')[0]).toHaveTextContent('15 min 29 sec');
    expect(rowsOf('Contacts')[1]).toHaveTextContent('31 sec');
    expect(rowsOf('Overlaps')).toHaveLength(3);
    // Every time is on the report's clock, which the page names: the locations' Pacific Time.
    expect(rowsOf('Overlaps')[0]).toHaveTextContent('May 8, 5:00:00 PM PDT');
    expect(screen.getByTestId('traced-span')).toHaveTextContent(
      'Traced from May 9, 2023, 12:00 AM PDT to May 10, 2023, 11:59 PM PDT (from 24 hours before the day to its end).',
    );
    expect(screen.getByTestId('report-clock')).toHaveTextContent('Days and times: Pacific Time (US/Pacific)');
    expect(screen.getByTestId('audit-note')).toHaveTextContent('Viewing Grace Hopper’s contacts is recorded in the audit trail');
    expect(screen.getAllByRole('button', { name: 'Export CSV' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Actions for Ada Lovelace' })).toBeInTheDocument();
  });

  it('lists the staff when the search leaves a choice; choosing one traces them', async () => {
    const router = await renderPage(`mode=contacts&organizationIds=5&date=${DAY}&search=ada`);
    await waitFor(() => expect(rowsOf('Staff')).toHaveLength(2));
    expect(screen.queryByTestId('audit-note')).not.toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('table', { name: 'Staff' })).getByText('Ada Byron'));
    expect(await screen.findByRole('heading', { name: 'Contacts of Ada Byron' })).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ search: 'Ada Byron', date: DAY });
    expect(router.state.location.state.reportPerson).toEqual({ id: BYRON.id, name: 'Ada Byron', organizationId: 5 });
    await waitFor(() => expect(rowsOf('Contacts')).toHaveLength(1));
    // Change person clears the search: the list is back.
    await userEvent.click(screen.getByRole('button', { name: 'Change person' }));
    await waitFor(() => expect(rowsOf('Staff')).toHaveLength(3));
  });

  it('opens straight on the person another report named, whatever the search matches', async () => {
    const router = await renderPage(`mode=contacts&organizationIds=5&date=${DAY}`);
    await router.navigate({ to: PATH, search: { mode: 'contacts', organizationIds: 5, date: DAY, search: 'Ada' }, state: { reportPerson: { id: BYRON.id, name: 'Ada Byron' } } });
    expect(await screen.findByRole('heading', { name: 'Contacts of Ada Byron' })).toBeInTheDocument();
  });

  it('offline, shows the cached contacts under their date', async () => {
    online = false;
    await renderPage(`mode=contacts&organizationIds=5&date=${DAY}&search=Grace`);
    expect(await screen.findByTestId('offline-stamp')).toHaveTextContent(/offline — as of/);
    await waitFor(() => expect(rowsOf('Contacts')).toHaveLength(2));
  });
});

describe('exposure', () => {
  it('lists who reached the period 12 a page, follows the slider, and opens and closes a user’s details', async () => {
    const router = await renderPage(`mode=exposure&organizationIds=5&date=${DAY}`);
    const slider = await screen.findByRole('slider');
    expect(slider).toHaveAttribute('aria-valuenow', '15');
    // 13 reach 15 minutes (Grace exactly): 12 on the first page.
    await waitFor(() => expect(screen.getByText('Showing 1 to 12 of 13')).toBeInTheDocument());
    expect(rowsOf('Exposure')).toHaveLength(12);
    expect(screen.getByTestId('traced-span')).toHaveTextContent(
      'Traced from May 3, 2023, 12:00 AM UTC to May 10, 2023, 11:59 PM UTC (from 24 hours before the first day to the end of the last).',
    );
    expect(screen.getByTestId('report-clock')).toHaveTextContent('Days and times: UTC');

    slider.focus();
    await userEvent.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByText('Exposure period: 1 min')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Showing 1 to 12 of 14')).toBeInTheDocument());
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '3');
    await waitFor(() => expect(screen.getByText('Showing 1 to 12 of 13')).toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Details of Grace Hopper' }));
    expect(await screen.findByRole('heading', { name: 'Contacts of Grace Hopper' })).toBeInTheDocument();
    expect(router.state.location.search).toMatchObject({ mode: 'exposure', date: DAY });
    await waitFor(() => expect(rowsOf('Overlaps')).toHaveLength(1));
    expect(screen.getByTestId('audit-note')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('table', { name: 'Exposure' })).toBeInTheDocument();
    // The slider kept its place.
    expect(screen.getByRole('slider')).toHaveAttribute('aria-valuenow', '3');
  });

  it('is a view of the page kept in the address', async () => {
    const router = await renderPage(`mode=contacts&organizationIds=5&date=${DAY}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Exposure' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ mode: 'exposure' }));
    expect(screen.getByRole('button', { name: 'Exposure' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('textbox', { name: 'Search staff' })).not.toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Exposure' })).toBeInTheDocument();
  });
});
