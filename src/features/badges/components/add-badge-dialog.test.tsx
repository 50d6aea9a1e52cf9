import 'fake-indexeddb/auto';
import type { DeviceModel, MacLookup } from '@contracts/device-registry';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '@/lib/session-context';
import { offlineDb } from '@/offline/db';
import { queueOf } from '@/offline/outbox';
import { outboxUserOf } from '@/offline/use-outbox';
import { createTestQueryClient, render } from '@/test/render';
import { deviceKeys } from '@/entities/devices/api/keys';
import { BADGE_ADD } from '../outbox-handlers';
import { badgeSession, WARD } from '../test-data';
import { AddBadgeDialog } from './add-badge-dialog';

const session = badgeSession();
const FREE = 'AA:BB:CC:DD:EE:09';
const TAKEN = 'AA:BB:CC:DD:EE:10';
const models: DeviceModel[] = [
  {
    id: 4,
    name: 'Zephyr',
    deviceType: 'BADGE',
    versions: [
      { id: 8, version: '2.1.0', isLatest: true },
      { id: 7, version: '2.0.0', isLatest: false },
    ],
  },
];

function renderDialog(knownMacs = new Map<string, string>()) {
  const queryClient = createTestQueryClient();
  queryClient.setDefaultOptions({ queries: { staleTime: Infinity, retry: false } });
  queryClient.setQueryData(deviceKeys.models('BADGE'), models);
  queryClient.setQueryData<MacLookup>(deviceKeys.mac(FREE), { exists: false, device: null });
  queryClient.setQueryData<MacLookup>(deviceKeys.mac(TAKEN), { exists: true, device: { id: 3, name: 'Badge 3', groupId: 11, groupName: 'Ward 4A', type: 'BADGE' } });
  render(
    <SessionProvider value={session}>
      <AddBadgeDialog opened groupId={WARD.id} knownMacs={knownMacs} onClose={() => {}} />
    </SessionProvider>,
    { queryClient },
  );
  return within(screen.getByRole('dialog', { name: 'Add badge' }));
}

async function chooseVersion(label: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Firmware version' }));
  await userEvent.click(await screen.findByRole('option', { name: label }));
}

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await offlineDb().outbox.clear();
});

describe('Add badge', () => {
  it('enables Add only with a version chosen, a complete MAC and a MAC no device has', async () => {
    const dialog = renderDialog();
    const add = () => dialog.getByRole('button', { name: 'Add' });
    expect(dialog.getByText('Ward 3B')).toBeInTheDocument();
    expect(add()).toBeDisabled();

    await userEvent.type(dialog.getByRole('textbox', { name: 'MAC address' }), 'aabbccddee0');
    expect(dialog.getByRole('textbox', { name: 'MAC address' })).toHaveValue('AA:BB:CC:DD:EE:0');
    await chooseVersion('2.1.0 (latest)');
    expect(add()).toBeDisabled();
    expect(dialog.getByText('Enter or scan the complete MAC.')).toBeInTheDocument();

    await userEvent.type(dialog.getByRole('textbox', { name: 'MAC address' }), '9');
    await waitFor(() => expect(add()).toBeEnabled());

    await userEvent.clear(dialog.getByRole('textbox', { name: 'MAC address' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'MAC address' }), TAKEN);
    expect(await dialog.findByText('Device already exists at Ward 4A.', { selector: '[role=alert]' })).toBeInTheDocument();
    expect(add()).toBeDisabled();
  });

  it('refuses a MAC already on screen without asking the server', async () => {
    const dialog = renderDialog(new Map([[FREE, 'Ward 3B']]));
    await userEvent.type(dialog.getByRole('textbox', { name: 'MAC address' }), FREE);
    expect(dialog.getByRole('button', { name: 'Add' })).toBeDisabled();
    expect(dialog.getByText('Device already exists at Ward 3B.', { selector: '[role=alert]' })).toBeInTheDocument();
  });

  it('offline, queues the badge for the location without the MAC check', async () => {
    online = false;
    const dialog = renderDialog();
    await userEvent.type(dialog.getByRole('textbox', { name: 'MAC address' }), 'AA:BB:CC:DD:EE:33');
    expect(dialog.getByText(/Offline: the MAC cannot be checked now/)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Add' })).toBeDisabled();
    await chooseVersion('2.0.0');
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }));

    await waitFor(async () => expect(await queueOf(offlineDb(), outboxUserOf(session.user))).toHaveLength(1));
    const [item] = await queueOf(offlineDb(), outboxUserOf(session.user));
    expect(item).toMatchObject({
      type: BADGE_ADD,
      entity: 'badge:AA:BB:CC:DD:EE:33',
      payload: {
        body: { mac: 'AA:BB:CC:DD:EE:33', type: 'BADGE', groupId: WARD.id, modelId: 4, firmwareVersionId: 7, active: true },
        groupName: 'Ward 3B',
        modelName: 'Zephyr',
        version: '2.0.0',
      },
    });
  });
});
