import type { DeviceModel, MacLookup } from '@contracts/device-registry';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, render } from '@/test/render';
import { deviceKeys } from '@/entities/devices/api/keys';
import { DEVICE_NOTICES } from '../device-rules';
import type { DeviceDraft } from '../editor-drafts';
import { DeviceDialog } from './device-dialog';

const OWN = 'AA:BB:CC:DD:EE:01';
const FREE = 'AA:BB:CC:DD:EE:09';
const TAKEN_BEACON = 'AA:BB:CC:DD:EE:10';
const TAKEN_GATEWAY = 'AA:BB:CC:DD:EE:11';
const zones = [
  { id: 2, name: 'Room 12' },
  { id: 3, name: 'Room 14' },
];
const models: Record<'BEACON' | 'DISPENSER', DeviceModel[]> = {
  BEACON: [
    { id: 12, name: 'Minew', deviceType: 'BEACON', versions: [{ id: 40, version: '5.1.0', isLatest: true }, { id: 39, version: '5.0.0', isLatest: false }] },
    { id: 11, name: 'Minew E8', deviceType: 'BEACON', versions: [{ id: 50, version: '1.0.0', isLatest: true }] },
  ],
  DISPENSER: [{ id: 20, name: 'GEN 5', deviceType: 'DISPENSER', versions: [{ id: 60, version: '2.0.0', isLatest: true }] }],
};
const found = (id: number, type: 'BEACON' | 'GATEWAY'): MacLookup => ({ exists: true, device: { id, name: `Device ${id}`, groupId: 11, groupName: 'Ward 4A', type } });

const beacon: DeviceDraft = {
  id: 5,
  clientId: null,
  mac: OWN,
  name: 'Bed 1',
  type: 'BEACON',
  groupId: 3,
  modelId: 12,
  firmwareVersionId: 40,
  role: null,
  physicalRole: 'BED',
  zoneId: 2,
  x: 10,
  y: 20,
  active: true,
  staged: false,
  publish: true,
  version: 4,
};
const placed: DeviceDraft = { ...beacon, id: null, clientId: 'c-1', mac: '', name: '', firmwareVersionId: null, physicalRole: null, zoneId: null, staged: true, publish: false, version: null };

function renderDialog(device: DeviceDraft, isNew = false) {
  const queryClient = createTestQueryClient();
  queryClient.setDefaultOptions({ queries: { staleTime: Infinity, retry: false } });
  queryClient.setQueryData(deviceKeys.models('BEACON'), models.BEACON);
  queryClient.setQueryData(deviceKeys.models('DISPENSER'), models.DISPENSER);
  queryClient.setQueryData<MacLookup>(deviceKeys.mac(FREE), { exists: false, device: null });
  queryClient.setQueryData<MacLookup>(deviceKeys.mac(TAKEN_BEACON), found(30, 'BEACON'));
  queryClient.setQueryData<MacLookup>(deviceKeys.mac(TAKEN_GATEWAY), found(31, 'GATEWAY'));
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  render(<DeviceDialog opened device={device} isNew={isNew} zones={zones} onSubmit={onSubmit} onClose={onClose} />, { queryClient });
  const dialog = within(screen.getByRole('dialog', { name: isNew ? 'Add device' : 'Edit device' }));
  return { dialog, onSubmit, onClose };
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const macBox = () => screen.getByRole('textbox', { name: 'MAC address' });
const save = () => screen.getByRole('button', { name: 'Save' });

async function pasteMac(mac: string) {
  await userEvent.clear(macBox());
  await userEvent.click(macBox());
  await userEvent.paste(mac);
}

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => vi.restoreAllMocks());

describe('Edit device', () => {
  it('locks the MAC of an existing beacon until Change MAC, with the settings warning', async () => {
    const { dialog } = renderDialog(beacon);
    expect(macBox()).toHaveValue(OWN);
    expect(macBox()).toHaveAttribute('readonly');
    expect(dialog.queryByRole('button', { name: 'Scan' })).not.toBeInTheDocument();
    expect(dialog.queryByText(DEVICE_NOTICES.resetsSettings)).not.toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Change MAC' }));
    expect(macBox()).not.toHaveAttribute('readonly');
    expect(dialog.getByText(DEVICE_NOTICES.resetsSettings)).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Scan' })).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Change MAC' })).not.toBeInTheDocument();
  }, 20_000);

  it('never locks a dispenser MAC', () => {
    const { dialog } = renderDialog({ ...beacon, type: 'DISPENSER', modelId: 20, firmwareVersionId: 60, role: 'Soap', physicalRole: null });
    expect(macBox()).not.toHaveAttribute('readonly');
    expect(dialog.queryByRole('button', { name: 'Change MAC' })).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Scan' })).toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveValue('Soap');
    expect(dialog.queryByRole('combobox', { name: 'Physical role' })).not.toBeInTheDocument();
  }, 20_000);

  it('warns of a replacement for an existing MAC, and blocks Save for a device of another type', async () => {
    const { dialog } = renderDialog(beacon);
    await userEvent.click(dialog.getByRole('button', { name: 'Change MAC' }));

    await pasteMac(TAKEN_BEACON);
    // The notice names the device that has the MAC, and where it is.
    expect(await dialog.findByText(`${DEVICE_NOTICES.macExists} It is Device 30 in Ward 4A.`)).toBeInTheDocument();
    expect(save()).toBeEnabled();

    await pasteMac(TAKEN_GATEWAY);
    const message = 'The replacement device must be the same type as the current device (BEACON). Replacement device type: GATEWAY.';
    expect(await dialog.findByText(message, { selector: '[role=alert] *' })).toBeInTheDocument();
    expect(dialog.queryByText(DEVICE_NOTICES.macExists, { exact: false })).not.toBeInTheDocument();
    expect(save()).toBeDisabled();

    await pasteMac(FREE);
    await waitFor(() => expect(save()).toBeEnabled());
    expect(dialog.queryByText(message, { selector: '[role=alert] *' })).not.toBeInTheDocument();
  }, 20_000);

  it('keeps the type of a published device read-only', () => {
    renderDialog(beacon);
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveAttribute('readonly');
  }, 20_000);

  it('enables Save only when changed and valid, and hands back the edited draft', async () => {
    const { dialog, onSubmit } = renderDialog(beacon);
    expect(save()).toBeDisabled();
    expect(dialog.getByText('No changes to save.')).toBeInTheDocument();

    await userEvent.clear(dialog.getByRole('textbox', { name: 'Name' }));
    expect(save()).toBeDisabled();
    expect(dialog.getByText('Name is required', { selector: '[role=alert]' })).toBeInTheDocument();

    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Bed 2');
    await choose('Zone', 'Room 14');
    await choose('Physical role', 'Room');
    await choose('Firmware version', '5.0.0');
    await userEvent.click(dialog.getByRole('switch', { name: 'Active' }));
    expect(save()).toBeEnabled();
    await userEvent.click(save());

    expect(onSubmit).toHaveBeenCalledWith({ ...beacon, name: 'Bed 2', zoneId: 3, physicalRole: 'ROOM', firmwareVersionId: 39, active: false });
  }, 20_000);

  it('offline, says the MAC cannot be checked and lets the technician go on', async () => {
    online = false;
    const { dialog, onSubmit } = renderDialog({ ...beacon, type: 'DISPENSER', modelId: 20, firmwareVersionId: 60, physicalRole: null });
    await pasteMac('AA:BB:CC:DD:EE:77');
    expect(dialog.getByText(DEVICE_NOTICES.offline)).toBeInTheDocument();
    await userEvent.click(save());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ mac: 'AA:BB:CC:DD:EE:77' }));
  }, 20_000);

  it('takes a MAC from the scan dialog', async () => {
    const { dialog } = renderDialog(placed, true);
    await userEvent.click(dialog.getByRole('button', { name: 'Scan' }));
    const scan = within(await screen.findByRole('dialog', { name: 'Scan device' }));
    await userEvent.type(scan.getByLabelText('Or type the MAC'), 'aa-bb cc.dd ee 09');
    await userEvent.click(scan.getByRole('button', { name: 'Use this MAC' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Scan device' })).not.toBeInTheDocument());
    expect(macBox()).toHaveValue(FREE);
  }, 20_000);

  it('closes on Cancel and on Escape', async () => {
    const { dialog, onClose } = renderDialog(beacon);
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  }, 20_000);
});

describe('Add device', () => {
  it('takes the default model, has no Active switch, and blocks a staged device on an existing MAC', async () => {
    const { dialog, onSubmit } = renderDialog(placed, true);
    expect(dialog.queryByRole('switch', { name: 'Active' })).not.toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: 'Model' })).toHaveValue('Minew');
    expect(save()).toBeDisabled();

    await userEvent.type(macBox(), 'aabbccddee10');
    expect(macBox()).toHaveValue(TAKEN_BEACON);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Name' }), 'Door');
    expect(await dialog.findByText(DEVICE_NOTICES.stagedMacExists)).toBeInTheDocument();
    expect(save()).toBeDisabled();

    await pasteMac(FREE);
    await waitFor(() => expect(save()).toBeEnabled());
    await choose('Type', 'Dispenser');
    expect(dialog.getByRole('combobox', { name: 'Model' })).toHaveValue('');
    expect(save()).toBeDisabled();
    await choose('Model', 'GEN 5');
    await choose('Role', 'Sanitizer');
    await userEvent.click(save());

    expect(onSubmit).toHaveBeenCalledWith({ ...placed, mac: FREE, name: 'Door', type: 'DISPENSER', modelId: 20, role: 'Sanitizer' });
  }, 20_000);
});
