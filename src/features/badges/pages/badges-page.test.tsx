import 'fake-indexeddb/auto';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userKeys } from '@/entities/users/api/keys';
import { SessionProvider } from '@/lib/session-context';
import { offlineDb } from '@/offline/db';
import { queueOf } from '@/offline/outbox';
import { outboxUserOf } from '@/offline/use-outbox';
import { createTestQueryClient, render } from '@/test/render';
import { badgeKeys } from '../api/keys';
import { badgeSearchSchema } from '../badge-search';
import { WEARABLE_ASSIGN } from '@/entities/devices/wearable-assign';
import { WEARABLE_UNASSIGN } from '@/entities/devices/wearable-unassign';
import { badgeEntity } from '../outbox-handlers';
import { OPERATION_QUEUE, operationEntity } from '@/entities/device-operations/outbox-handlers';
import { badgeSession, DANA, LEE, makeBadge, makeListUser, NETWORK, SAM, WARD } from '../test-data';
import BadgeManagementPage from './badge-management-page';
import BadgesPage from './badges-page';

// The live operations channel needs the Pusher-protocol server: the browser tests follow it.
vi.mock('@/entities/device-operations/use-operations-live', () => ({ useOperationsLive: () => 0 }));

const session = badgeSession();
const userSub = outboxUserOf(session.user);

async function renderPage(page: ReactElement, path: string, search: string, queryClient: QueryClient) {
  const root = createRootRoute({ component: Outlet });
  const route = createRoute({ getParentRoute: () => root, path, validateSearch: badgeSearchSchema, component: () => page });
  const router = createRouter({ routeTree: root.addChildren([route]), history: createMemoryHistory({ initialEntries: [`${path}${search}`] }) });
  render(<SessionProvider value={session}><RouterProvider router={router} /></SessionProvider>, { queryClient });
  await router.load();
  return router;
}

function seeded(): QueryClient {
  const queryClient = createTestQueryClient();
  queryClient.setDefaultOptions({ queries: { staleTime: Infinity, retry: false } });
  for (const groupId of [NETWORK.id, WARD.id]) {
    queryClient.setQueryData(badgeKeys.list(groupId), [makeBadge(1), makeBadge(2, SAM)]);
    queryClient.setQueryData(userKeys.scope(groupId), [makeListUser(DANA), makeListUser(LEE)]);
  }
  return queryClient;
}

const table = () => within(screen.getByRole('table', { name: 'Badges' }));
const rowOf = (mac: string) => table().getByText(mac).closest('tr')!;
const findRow = async (mac: string) => (await screen.findByText(mac)).closest('tr')!;

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await offlineDb().outbox.clear();
});

describe('the Badges page', () => {
  it('lists the badges with their columns and keeps Assign off until badges are chosen below the top level', async () => {
    await renderPage(<BadgesPage entry={{ title: 'Badges' }} />, '/app/maintenance/badges', `?groupId=${NETWORK.id}`, seeded());
    expect(await screen.findByRole('heading', { name: 'Badges' })).toBeInTheDocument();
    const header = table().getAllByRole('row')[0]!;
    for (const name of ['MAC', 'Device Code', 'Model', 'Location', 'Version', 'Setting', 'Battery (mV)', 'Assigned User', 'Last Heartbeat', 'Last Status']) {
      expect(within(header).getByText(name)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    await userEvent.click(within(rowOf('AA:BB:CC:DD:EE:01')).getByRole('checkbox', { name: 'Select row' }));
    expect(screen.getByRole('button', { name: 'Assign' })).toBeDisabled();
    expect(screen.getByText('Choose a location below the top level to assign badges.')).toBeInTheDocument();
  });

  it('shows an assignment made offline as a pending row and queues it for the badge', async () => {
    online = false;
    await renderPage(<BadgesPage entry={{ title: 'Badges' }} />, '/app/maintenance/badges', `?groupId=${WARD.id}`, seeded());
    expect(await screen.findByTestId('offline-stamp')).toHaveTextContent(/offline — as of/);
    expect(screen.getByRole('button', { name: 'Assign' })).toBeDisabled();

    await userEvent.click(within(rowOf('AA:BB:CC:DD:EE:01')).getByRole('checkbox', { name: 'Select row' }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign badges' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add Dana Ortiz' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Assign' }));
    expect(await screen.findByRole('table', { name: 'Assignment results' })).toHaveTextContent('Pending');
    await userEvent.click(dialog.getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(rowOf('AA:BB:CC:DD:EE:01')).toHaveTextContent('Dana Ortiz'));
    expect(within(rowOf('AA:BB:CC:DD:EE:01')).getByText('Pending')).toBeInTheDocument();
    const queue = await queueOf(offlineDb(), userSub);
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({
      type: WEARABLE_ASSIGN,
      entity: badgeEntity('AA:BB:CC:DD:EE:01'),
      status: 'pending',
      payload: { mac: 'AA:BB:CC:DD:EE:01', wearableId: 1, deviceType: 'BADGE', user: DANA, previousUser: null, assignorId: session.user.id },
    });
  });

  it('queues a firmware update for the selected badges offline, one outbox item per badge, shown as queued', async () => {
    online = false;
    await renderPage(<BadgesPage entry={{ title: 'Badges' }} />, '/app/maintenance/badges', `?groupId=${WARD.id}`, seeded());
    await userEvent.click(within(await findRow('AA:BB:CC:DD:EE:01')).getByRole('checkbox', { name: 'Select row' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Update firmware' }));
    await userEvent.click(screen.getByRole('button', { name: 'Queue' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Queue' }));
    await userEvent.type(dialog.getByLabelText(/Description/), 'Firmware 2.1 for the ward');
    await userEvent.click(dialog.getByRole('button', { name: 'Submit 1 device' }));

    await waitFor(async () => expect(await queueOf(offlineDb(), userSub)).toHaveLength(1));
    const [item] = await queueOf(offlineDb(), userSub);
    expect(item).toMatchObject({
      type: OPERATION_QUEUE,
      entity: operationEntity(1),
      payload: { kind: 'queue', deviceId: 1, mac: 'AA:BB:CC:DD:EE:01', firmware: true, settings: null, description: 'Firmware 2.1 for the ward' },
    });
    await waitFor(() => expect(within(rowOf('AA:BB:CC:DD:EE:01')).getByTestId('operation-status')).toHaveTextContent('Queued'));
    expect(within(rowOf('AA:BB:CC:DD:EE:02')).getByTestId('operation-status')).toHaveTextContent('None');
  });

  it('filters by status and search on the device, keeping them in the address', async () => {
    online = false;
    const router = await renderPage(<BadgesPage entry={{ title: 'Badges' }} />, '/app/maintenance/badges', `?groupId=${WARD.id}&status=assigned`, seeded());
    await waitFor(() => expect(table().getAllByRole('row')).toHaveLength(2));
    expect(table().getByText('AA:BB:CC:DD:EE:02')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'nobody{Enter}');
    await waitFor(() => expect(router.state.location.search).toMatchObject({ groupId: WARD.id, status: 'assigned', search: 'nobody' }));
    expect(table().getByText('No results')).toBeInTheDocument();
  });
});

describe('unassigning', () => {
  it('asks to confirm by name, then queues the unassignment', async () => {
    online = false;
    await renderPage(<BadgeManagementPage entry={{ title: 'SmartBadge Management' }} />, '/app/accounts/badge-management', `?groupId=${WARD.id}`, seeded());
    const row = (await screen.findByRole('table', { name: 'SmartBadges' })).querySelectorAll('tbody tr')[1] as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Actions for AA:BB:CC:DD:EE:02' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Unassign' }));

    const confirm = await screen.findByRole('dialog', { name: 'Unassign badge' });
    expect(confirm).toHaveTextContent('Please confirm unassigning Sam Reed');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await queueOf(offlineDb(), userSub)).toHaveLength(0);

    await userEvent.click(within(row).getByRole('button', { name: 'Actions for AA:BB:CC:DD:EE:02' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Unassign' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Unassign badge' })).getByRole('button', { name: 'Unassign' }));
    await waitFor(async () => expect(await queueOf(offlineDb(), userSub)).toHaveLength(1));
    const [item] = await queueOf(offlineDb(), userSub);
    expect(item).toMatchObject({ type: WEARABLE_UNASSIGN, entity: badgeEntity('AA:BB:CC:DD:EE:02'), payload: { mac: 'AA:BB:CC:DD:EE:02', wearableId: 2, deviceType: 'BADGE', user: SAM } });
    await waitFor(() => expect(within(row).getByText('Pending')).toBeInTheDocument());
    expect(row).not.toHaveTextContent('Sam Reed');
  });
});
