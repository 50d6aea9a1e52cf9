import type { Gateway } from '@contracts/gateways';
import { scanRequestEvent, scanResponseEvent } from '@contracts/gateways-realtime';
import { gatewayCommandChannel } from '@contracts/stations-realtime';
import type { DeviceModel } from '@contracts/device-registry';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deviceKeys } from '@/entities/devices/api/keys';
import type { ChannelHandlers } from '@/entities/gateways/realtime-link';
import { createTestQueryClient, render } from '@/test/render';
import { FIND_MESSAGES } from '../find/find-rules';
import { FindDevicesDialog } from './find-devices-dialog';

const net = vi.hoisted(() => ({ channels: new Map<string, { handlers: ChannelHandlers; sent: { event: string; data: unknown }[] }>() }));
vi.mock('@/lib/config', () => ({ getConfig: () => ({}) }));
vi.mock('@/entities/devices/api/lookup-mac', () => ({ lookupMac: async (mac: string) => ({ exists: mac.endsWith('09'), device: null }) }));
vi.mock('@/entities/gateways/pusher-link', () => ({
  pusherLink: () => ({
    subscribe: (name: string, handlers: ChannelHandlers) => {
      const channel = { handlers, sent: [] as { event: string; data: unknown }[] };
      net.channels.set(name, channel);
      return { trigger: (event: string, data: unknown) => (channel.sent.push({ event, data }), true), unsubscribe: () => net.channels.delete(name) };
    },
    isConnected: () => true,
    onConnectionChange: () => () => undefined,
  }),
}));

const gateway = (id: number, name: string, mac: string) => ({ id, name, mac, station: false }) as Gateway;
const GATEWAYS = [gateway(1, 'Gateway 3N-1', 'AC:23:3F:00:00:01'), gateway(2, 'Gateway 3N-2', 'AC:23:3F:00:00:02')];
const MODELS: DeviceModel[] = [{ id: 20, name: 'Minew', deviceType: 'BEACON', versions: [{ id: 200, version: '2.4.0', isLatest: true }] }];

function open(props: { topLevel?: boolean; onClose?: () => void } = {}) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(deviceKeys.models(), MODELS);
  render(<FindDevicesDialog opened onClose={props.onClose ?? (() => undefined)} groupId={6} topLevel={props.topLevel ?? false} gateways={GATEWAYS} preselected={[GATEWAYS[1]!]} />, { queryClient });
}

describe('the Find devices dialog', () => {
  it('has labelled controls: the selected gateways, every device type, 30 s; Add waits for new devices', () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Find devices' })).toBeVisible();
    // The page's selection: the second gateway only.
    expect(document.querySelector('input[type="hidden"]')).toHaveValue('AC:23:3F:00:00:02');
    for (const type of ['Beacons', 'Dispensers', 'Wristbands', 'Badges']) expect(screen.getByRole('checkbox', { name: type })).toBeChecked();
    expect(screen.getByRole('radiogroup', { name: 'Duration' })).toBeVisible();
    expect(screen.getByRole('radio', { name: '30 s' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Find' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
  });

  it('cannot find at the top of the hierarchy, and says why', () => {
    open({ topLevel: true });
    expect(screen.getByRole('button', { name: 'Find' })).toBeDisabled();
    expect(screen.getByText(FIND_MESSAGES.topLevel)).toBeVisible();
  });

  it('scans the chosen gateway, lists what it hears as new or known, and closes on Escape', async () => {
    const onClose = vi.fn();
    open({ onClose });
    fireEvent.click(screen.getByRole('radio', { name: '15 s' }));
    fireEvent.click(screen.getByRole('button', { name: 'Find' }));
    const channel = net.channels.get(gatewayCommandChannel('AC:23:3F:00:00:02'))!;
    act(() => channel.handlers.onReady());
    expect(channel.sent[0]).toMatchObject({ event: scanRequestEvent, data: { deviceTypes: ['BEACON', 'DISPENSER', 'WRISTBAND', 'BADGE'], timeout: 15 } });
    expect(screen.getByText('Awaiting response')).toBeVisible();
    const id = (channel.sent[0]!.data as { id: string }).id;
    act(() =>
      channel.handlers.onEvent(scanResponseEvent, {
        type: 'DATA',
        id,
        mac: 'AC:23:3F:00:00:02',
        devices: [
          { mac: 'C0:00:00:00:00:01', type: 'BEACON', rssi: -60 },
          { mac: 'C0:00:00:00:00:09', type: 'BEACON', rssi: -50 },
        ],
      }),
    );
    expect(screen.getByText('Scanning')).toBeVisible();
    await waitFor(() => expect(screen.getByText('New')).toBeVisible());
    expect(screen.getByText('Already exists')).toBeVisible();
    // Adding waits for the scan to end.
    expect(screen.getByRole('button', { name: 'Add (1)' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(channel.sent.at(-1)).toMatchObject({ event: scanRequestEvent, data: { id, stop: true } });
    expect(screen.getByRole('button', { name: 'Add (1)' })).toBeEnabled();

    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Find devices' }), { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
