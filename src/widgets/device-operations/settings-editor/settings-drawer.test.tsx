import type { DeviceSettingsResponse } from '@contracts/operations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, render } from '@/test/render';
import { settingsKeys } from '@/entities/device-operations/api/settings-keys';
import { type ScheduledSettings, SettingsDrawer, type SettingsDevice } from './settings-drawer';
import { dispenserSettings, otherModelSettings } from './test-data';

const AQUA_2: SettingsDevice[] = [
  { id: 2, modelId: 7, modelName: 'Aqua 2', version: '1.4.0' },
  { id: 1, modelId: 7, modelName: 'Aqua 2', version: '1.4.0' },
];
const AQUA_3: SettingsDevice = { id: 5, modelId: 9, modelName: 'Aqua 3', version: '2.0.0' };

function renderDrawer({
  devices = AQUA_2,
  answers = [[[1, 2], dispenserSettings()]],
  onSchedule = vi.fn<(changes: ScheduledSettings[]) => Promise<void>>().mockResolvedValue(undefined),
}: {
  devices?: SettingsDevice[];
  answers?: [number[], DeviceSettingsResponse][];
  onSchedule?: (changes: ScheduledSettings[]) => Promise<void>;
} = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setDefaultOptions({ queries: { staleTime: Infinity, retry: false } });
  for (const [ids, answer] of answers) queryClient.setQueryData(settingsKeys.devices(ids), answer);
  const onClose = vi.fn();
  render(<SettingsDrawer opened devices={devices} onClose={onClose} onSchedule={onSchedule} />, { queryClient });
  return { drawer: within(screen.getByRole('dialog', { name: 'Device settings' })), onClose, onSchedule };
}

const changesList = () => within(screen.getByRole('list', { name: 'Changes' }));

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('Settings drawer', () => {
  it('loads the settings and shows the header, the groups and the presets', async () => {
    const { drawer } = renderDrawer();
    expect(await drawer.findByRole('heading', { name: 'Dispense' })).toBeInTheDocument();
    expect(drawer.getByRole('heading', { name: 'Radio' })).toBeInTheDocument();
    expect(drawer.getByText('2 devices')).toBeInTheDocument();
    expect(drawer.getByText('Aqua 2')).toBeInTheDocument();
    expect(drawer.getByText('1.4.0')).toBeInTheDocument();
    expect(drawer.getByRole('switch', { name: 'Dispense Reminder' })).toBeChecked();
    expect(drawer.getByRole('switch', { name: 'Dispense Reminder' })).toHaveAccessibleDescription('Dispense Reminder description.');
    expect(drawer.getByRole('textbox', { name: 'Reminder Interval' })).toHaveValue('300');
    expect(drawer.getByText('= 5 min')).toBeInTheDocument();
    expect(drawer.getByRole('textbox', { name: 'TX Power' })).toHaveValue('-8');
    expect(drawer.getByRole('textbox', { name: 'LED Color blue' })).toHaveValue('255');
    expect(drawer.getByRole('textbox', { name: 'Serial' })).toHaveAttribute('readonly');
    expect(drawer.getByRole('listitem', { name: 'Night' })).toBeInTheDocument();
    expect(drawer.getByText('No changes')).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: 'Schedule changes' })).toBeDisabled();
    expect(drawer.queryByRole('button', { name: 'Copy from' })).not.toBeInTheDocument();
  });

  it('says so when the devices have no settings', async () => {
    const { drawer } = renderDrawer({ answers: [[[1, 2], dispenserSettings({ groups: [] })]] });
    expect(await drawer.findByText('No settings for these devices')).toBeInTheDocument();
  });

  it('marks a slider value out of range as an error and reverts it on blur', async () => {
    const { drawer } = renderDrawer();
    const field = await drawer.findByRole('textbox', { name: 'Reminder Interval' });
    await userEvent.clear(field);
    await userEvent.type(field, '5000');
    expect(field).toHaveValue('5000');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Must be between 60 and 3600'));
    expect(drawer.getByRole('button', { name: 'Schedule changes' })).toBeDisabled();

    await userEvent.type(field, 'x');
    expect(field).toHaveValue('5000');

    await userEvent.tab();
    expect(field).toHaveValue('300');
    expect(drawer.queryByText('Must be between 60 and 3600')).not.toBeInTheDocument();
  });

  it('lists a change in Changes, and Reset puts the value back', async () => {
    const { drawer } = renderDrawer();
    await userEvent.click(await drawer.findByRole('button', { name: 'Increase Reminder Interval' }));
    expect(drawer.getByRole('textbox', { name: 'Reminder Interval' })).toHaveValue('360');
    expect(changesList().getByText('Reminder Interval: 5 min → 6 min')).toBeInTheDocument();
    expect(drawer.getByRole('button', { name: 'Schedule changes' })).toBeEnabled();

    await userEvent.click(drawer.getByRole('button', { name: 'Reset' }));
    expect(drawer.getByText('No changes')).toBeInTheDocument();

    await userEvent.click(drawer.getByRole('button', { name: 'Default' }));
    expect(changesList().getByText('TX Power: -8 dBm → -4 dBm')).toBeInTheDocument();
  });

  it('schedules the changed settings only, then closes', async () => {
    const { drawer, onSchedule, onClose } = renderDrawer();
    await userEvent.click(await drawer.findByRole('switch', { name: 'Dispense Reminder' }));
    const red = drawer.getByRole('textbox', { name: 'LED Color red' });
    await userEvent.clear(red);
    await userEvent.type(red, '255');
    expect(changesList().getByText(/LED Color: #0000FF → #FF00FF/)).toBeInTheDocument();

    await userEvent.click(drawer.getByRole('button', { name: 'Schedule changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSchedule).toHaveBeenCalledWith([
      {
        tabModelId: 7,
        deviceIds: [1, 2],
        settings: [
          { label: 'Dispense Reminder', desired: 0 },
          { label: 'LED Color', desired: 0xff00ff },
        ],
      },
    ]);
  });

  it('asks before closing with changes not scheduled, and closes at once without', async () => {
    const { drawer, onClose } = renderDrawer();
    await userEvent.click(await drawer.findByRole('button', { name: 'Increase Reminder Interval' }));
    await userEvent.click(drawer.getByRole('button', { name: 'Close' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(drawer.getByRole('textbox', { name: 'Reminder Interval' })).toHaveValue('360');

    await userEvent.click(drawer.getByRole('button', { name: 'Close' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes without asking when nothing was changed', async () => {
    const { drawer, onClose } = renderDrawer();
    await drawer.findByRole('heading', { name: 'Dispense' });
    await userEvent.click(drawer.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).not.toBeInTheDocument();
  });

  it('stays open with the error when scheduling fails', async () => {
    const onSchedule = vi.fn<(changes: ScheduledSettings[]) => Promise<void>>().mockRejectedValue(new Error('The outbox is full.'));
    const { drawer, onClose } = renderDrawer({ onSchedule });
    await userEvent.click(await drawer.findByRole('button', { name: 'Decrease TX Power' }));
    await userEvent.click(drawer.getByRole('button', { name: 'Schedule changes' }));
    expect(await drawer.findByText('The outbox is full.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(drawer.getByRole('button', { name: 'Schedule changes' })).toBeEnabled();
  });

  it('applies a preset: its values fill the fields', async () => {
    const { drawer } = renderDrawer();
    await userEvent.click(await drawer.findByRole('button', { name: 'Apply Night' }));
    expect(drawer.getByRole('textbox', { name: 'Reminder Interval' })).toHaveValue('600');
    expect(drawer.getByRole('textbox', { name: 'LED Color red' })).toHaveValue('255');
    expect(drawer.getByRole('textbox', { name: 'LED Color blue' })).toHaveValue('0');
    expect(changesList().getByText('Reminder Interval: 5 min → 10 min')).toBeInTheDocument();
  });

  it('offline, keeps Apply but disables the preset actions that need the network', async () => {
    online = false;
    const { drawer } = renderDrawer();
    const create = await drawer.findByRole('button', { name: 'New preset' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(drawer.getByRole('button', { name: 'Rename Night' })).toHaveAttribute('aria-disabled', 'true');
    expect(drawer.getByRole('button', { name: 'Delete Night' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.hover(create);
    expect(await screen.findByRole('tooltip', { name: 'Needs a connection' })).toBeInTheDocument();
    await userEvent.click(drawer.getByRole('button', { name: 'Delete Night' }));
    expect(screen.queryByRole('dialog', { name: 'Delete preset' })).not.toBeInTheDocument();
    expect(drawer.getByRole('button', { name: 'Apply Night' })).not.toHaveAttribute('aria-disabled');
  });

  it('makes a tab per model, and copies from a loaded tab', async () => {
    const { drawer, onSchedule } = renderDrawer({
      devices: [...AQUA_2, AQUA_3],
      answers: [
        [[1, 2], dispenserSettings()],
        [[5], otherModelSettings()],
      ],
    });
    expect(await drawer.findByRole('tab', { name: 'Aqua 2 (2)' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(drawer.getByRole('button', { name: 'Copy from' }));
    expect(await screen.findByRole('menuitem', { name: 'Aqua 3 (open its tab first)' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(drawer.getByRole('tab', { name: 'Aqua 3 (1)' }));
    expect(await drawer.findByRole('textbox', { name: 'Reminder Interval' })).toHaveValue('1200');
    await userEvent.click(drawer.getByRole('tab', { name: 'Aqua 2 (2)' }));
    await userEvent.click(await drawer.findByRole('button', { name: 'Copy from' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Aqua 3' }));
    expect(drawer.getByRole('textbox', { name: 'Reminder Interval' })).toHaveValue('1200');

    await userEvent.click(drawer.getByRole('button', { name: 'Schedule changes' }));
    await waitFor(() => expect(onSchedule).toHaveBeenCalled());
    expect(onSchedule).toHaveBeenCalledWith([
      {
        tabModelId: 7,
        deviceIds: [1, 2],
        settings: [
          { label: 'Reminder Interval', desired: 1200 },
          { label: 'LED Color', desired: 0x00ff00 },
        ],
      },
    ]);
  });
});
