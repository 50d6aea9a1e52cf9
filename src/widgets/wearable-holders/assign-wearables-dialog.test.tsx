import 'fake-indexeddb/auto';
import type { WearableRow, WearableType } from '@contracts/wearables';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { userKeys } from '@/entities/users/api/keys';
import { SessionProvider } from '@/lib/session-context';
import { offlineDb } from '@/offline/db';
import { queueOf } from '@/offline/outbox';
import { outboxUserOf } from '@/offline/use-outbox';
import { createTestQueryClient, render } from '@/test/render';
import { WEARABLE_ASSIGN } from '@/entities/devices/wearable-assign';
import { DANA, LEE, makeListUser, makeWearable, SAM, WARD, wearableSession } from '@/entities/devices/test-data';
import { AssignWearablesDialog } from './assign-wearables-dialog';

const session = wearableSession();

function renderDialog(devices: WearableRow[] = [makeWearable('BADGE', 1)], deviceType: WearableType = 'BADGE') {
  const queryClient = createTestQueryClient();
  queryClient.setDefaultOptions({ queries: { staleTime: Infinity, retry: false } });
  queryClient.setQueryData(userKeys.scope(WARD.id), [
    makeListUser(DANA),
    makeListUser(SAM, { id: 2, mac: devices[0]!.mac, type: deviceType, code: null }),
    makeListUser(LEE),
  ]);
  render(
    <SessionProvider value={session}>
      <AssignWearablesDialog opened deviceType={deviceType} devices={devices} groupId={WARD.id} onClose={() => {}} />
    </SessionProvider>,
    { queryClient },
  );
  return within(screen.getByRole('dialog', { name: deviceType === 'BADGE' ? 'Assign badges' : 'Assign wristbands' }));
}

const pickList = () => within(screen.getByRole('table', { name: 'Users' }));
const pairs = (name = 'Badges to assign') => within(screen.getByRole('table', { name }));

afterEach(async () => {
  await offlineDb().outbox.clear();
});

describe('the Assign dialog', () => {
  it('stages no more users than badges and leaves staged users out of the pick list', async () => {
    const dialog = renderDialog([makeWearable('BADGE', 1)]);
    expect(dialog.getByRole('button', { name: 'Assign' })).toBeDisabled();

    await userEvent.click(pickList().getByRole('button', { name: 'Add Dana Ortiz' }));
    expect(pairs().getByText('Dana Ortiz')).toBeInTheDocument();
    expect(pickList().queryByText('Dana Ortiz')).not.toBeInTheDocument();
    // One badge, one user: nobody else can be added.
    expect(pickList().getByRole('button', { name: 'Add Lee Park' })).toBeDisabled();
    expect(dialog.getByText('Every selected badge has a user. Remove one to choose someone else.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Assign' })).toBeEnabled();

    await userEvent.click(pairs().getByRole('button', { name: 'Remove Dana Ortiz' }));
    expect(pickList().getByRole('button', { name: 'Add Dana Ortiz' })).toBeEnabled();
    expect(pickList().getByRole('button', { name: 'Add Lee Park' })).toBeEnabled();
  });

  it('gives the staged users to the badges in order', async () => {
    renderDialog([makeWearable('BADGE', 1), makeWearable('BADGE', 2)]);
    await userEvent.click(pickList().getByRole('button', { name: 'Add Lee Park' }));
    await userEvent.click(pickList().getByRole('button', { name: 'Add Dana Ortiz' }));
    const rows = pairs().getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('AA:BB:CC:DD:EE:01');
    expect(rows[0]).toHaveTextContent('Lee Park');
    expect(rows[1]).toHaveTextContent('AA:BB:CC:DD:EE:02');
    expect(rows[1]).toHaveTextContent('Dana Ortiz');
  });

  it('asks Re-assign? before taking a badge from its holder, and Cancel queues nothing', async () => {
    const dialog = renderDialog([makeWearable('BADGE', 1, SAM)]);
    expect(pairs().getByText('Re-assign')).toBeInTheDocument();
    await userEvent.click(pickList().getByRole('button', { name: 'Add Dana Ortiz' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Assign' }));

    const confirm = await screen.findByRole('dialog', { name: 'Re-assign?' });
    expect(confirm).toHaveTextContent('This action will overwrite the assignment on 1 wristband(s)');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(await queueOf(offlineDb(), outboxUserOf(session.user))).toHaveLength(0);

    await userEvent.click(dialog.getByRole('button', { name: 'Assign' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Re-assign?' })).getByRole('button', { name: 'Re-assign' }));
    expect(await screen.findByRole('table', { name: 'Assignment results' })).toHaveTextContent('Pending');
    const [item] = await queueOf(offlineDb(), outboxUserOf(session.user));
    expect(item?.payload).toEqual({ mac: 'AA:BB:CC:DD:EE:01', wearableId: 1, deviceType: 'BADGE', user: DANA, previousUser: SAM, assignorId: session.user.id });
  });

  it('names wristbands for wristbands, and queues their assignment as a wristband’s', async () => {
    const dialog = renderDialog([makeWearable('WRISTBAND', 4, SAM)], 'WRISTBAND');
    expect(dialog.getByRole('heading', { name: 'Wristbands' })).toBeInTheDocument();
    expect(dialog.getByText('0 of 1 wristband(s) have a new user. Users go to the wristbands in the order listed.')).toBeInTheDocument();
    await userEvent.click(pickList().getByRole('button', { name: 'Add Dana Ortiz' }));
    expect(dialog.getByText('Every selected wristband has a user. Remove one to choose someone else.')).toBeInTheDocument();
    expect(within(pairs('Wristbands to assign').getAllByRole('row')[0]!).getByText('Wristband')).toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Assign' }));
    const confirm = await screen.findByRole('dialog', { name: 'Re-assign?' });
    expect(confirm).toHaveTextContent('This action will overwrite the assignment on 1 wristband(s)');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Re-assign' }));
    expect(await screen.findByRole('table', { name: 'Assignment results' })).toHaveTextContent('Pending');
    const [item] = await queueOf(offlineDb(), outboxUserOf(session.user));
    expect(item).toMatchObject({ type: WEARABLE_ASSIGN, entity: 'wristband:AA:BB:CC:DD:FF:04', payload: { deviceType: 'WRISTBAND', user: DANA, previousUser: SAM } });
  });
});
