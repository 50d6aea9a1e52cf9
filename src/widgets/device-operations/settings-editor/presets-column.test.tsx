import { operationEndpoints, type Preset } from '@contracts/operations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mainApi } from '@/lib/api-client';
import { createTestQueryClient, render } from '@/test/render';
import { settingsKeys } from '@/entities/device-operations/api/settings-keys';
import { SettingsDrawer } from './settings-drawer';
import { dispenserSettings, NIGHT } from './test-data';

// The preset calls go to the server: mainApi.call is stubbed, and answers as the server would.

const onClose = vi.fn();

function renderDrawer() {
  const queryClient = createTestQueryClient();
  queryClient.setDefaultOptions({ queries: { staleTime: Infinity, retry: false } });
  queryClient.setQueryData(settingsKeys.devices([1]), dispenserSettings({ deviceCount: 1 }));
  render(
    <SettingsDrawer opened devices={[{ id: 1, modelId: 7, modelName: 'Aqua 2', version: '1.4.0' }]} onClose={onClose} onSchedule={() => Promise.resolve()} />,
    { queryClient },
  );
  return within(screen.getByRole('dialog', { name: 'Device settings' }));
}

let call: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
  call = vi.fn((spec: unknown, input: { body?: Record<string, unknown>; params?: { id: number } }) => {
    if (spec === operationEndpoints.createPreset) return Promise.resolve({ id: 40, ...input.body } as Preset);
    if (spec === operationEndpoints.updatePreset) return Promise.resolve({ modelId: 7, ...input.body } as Preset);
    if (spec === operationEndpoints.deletePreset) return Promise.resolve({ deleted: true });
    // The refresh after a preset change.
    if (spec === operationEndpoints.deviceSettings) return Promise.resolve(dispenserSettings({ deviceCount: 1 }));
    return Promise.reject(new Error('unexpected call'));
  });
  vi.spyOn(mainApi, 'call').mockImplementation(call as unknown as typeof mainApi.call);
});
afterEach(() => {
  vi.restoreAllMocks();
  onClose.mockClear();
});

describe('Presets', () => {
  it("creates 'New Preset' from the edited values, then renames it inline", async () => {
    const drawer = renderDrawer();
    await userEvent.click(await drawer.findByRole('button', { name: 'Increase TX Power' }));
    await userEvent.click(drawer.getByRole('button', { name: 'New preset' }));

    const name = await drawer.findByRole('textbox', { name: 'Preset name' });
    expect(name).toHaveValue('New Preset');
    expect(call).toHaveBeenCalledWith(operationEndpoints.createPreset, {
      body: {
        name: 'New Preset',
        modelId: 7,
        settings: [
          { label: 'Dispense Reminder', value: 1 },
          { label: 'Reminder Interval', value: 300 },
          { label: 'LED Color', value: 0x0000ff },
          { label: 'TX Power', value: -4 },
        ],
      },
    });

    await userEvent.clear(name);
    await userEvent.type(name, 'Ward 4{Enter}');
    expect(await drawer.findByRole('listitem', { name: 'Ward 4' })).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(operationEndpoints.updatePreset, { body: expect.objectContaining({ id: 40, name: 'Ward 4' }) });
    // The settings were asked again (presets changed), and the edits stayed.
    expect(call).toHaveBeenCalledWith(operationEndpoints.deviceSettings, expect.objectContaining({ body: { deviceIds: [1] } }));
    expect(drawer.getByRole('textbox', { name: 'TX Power' })).toHaveValue('-4');
  });

  it('refuses an empty name, and Escape cancels the rename', async () => {
    const drawer = renderDrawer();
    await userEvent.click(await drawer.findByRole('button', { name: 'Rename Night' }));
    const name = drawer.getByRole('textbox', { name: 'Preset name' });
    await userEvent.clear(name);
    await userEvent.click(drawer.getByRole('button', { name: 'Save' }));
    expect(drawer.getByText('A preset needs a name')).toBeInTheDocument();
    await userEvent.type(name, '{Escape}');
    expect(drawer.getByRole('listitem', { name: 'Night' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(call).not.toHaveBeenCalled();
  });

  it('deletes a preset after a confirm', async () => {
    const drawer = renderDrawer();
    await userEvent.click(await drawer.findByRole('button', { name: `Delete ${NIGHT.name}` }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete preset' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(drawer.queryByRole('listitem', { name: 'Night' })).not.toBeInTheDocument());
    expect(call).toHaveBeenCalledWith(operationEndpoints.deletePreset, { params: { id: NIGHT.id } });
    expect(drawer.getByText('No presets for this model')).toBeInTheDocument();
  });
});
