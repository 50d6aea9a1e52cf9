import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WEARABLE_UNASSIGN } from '@/entities/devices/wearable-unassign';
import { render } from '@/test/render';
import type { PendingUnassign } from '../pending-unassigns';
import { DeviceCell } from './device-cell';

const device = { id: 12, mac: 'C0:FF:EE:00:00:07', type: 'WRISTBAND' as const, code: null };
const edit = (status: PendingUnassign['status'], lastError: string | null = null): PendingUnassign => ({
  id: 'item-1',
  userSub: 'sub',
  type: WEARABLE_UNASSIGN,
  entity: `wristband:${device.mac}`,
  payload: { mac: device.mac, wearableId: 12, deviceType: 'WRISTBAND', user: { id: 21, userName: 'dana', firstName: 'Dana', lastName: 'Ortiz' }, assignorId: 7 },
  createdAt: 1,
  attempts: 0,
  status,
  lastError,
  nextAttemptAt: 1,
});

describe('the Users table’s Device cell', () => {
  it('shows the device alone when nothing is queued for it', () => {
    render(<DeviceCell device={device} edit={undefined} />);
    expect(screen.getByText(device.mac)).toBeInTheDocument();
    expect(screen.queryByText('Pending')).toBeNull();
  });

  it('marks a queued unassignment Pending, the device struck through', () => {
    render(<DeviceCell device={device} edit={edit('pending')} />);
    expect(screen.getByText('Pending')).toBeInTheDocument();
    expect(screen.getByText(device.mac)).toHaveStyle({ textDecoration: 'line-through' });
  });

  it('shows a refused one as Not accepted with the server’s reason, the device still held', () => {
    render(<DeviceCell device={device} edit={edit('failed', 'This device is not assigned to that user.')} />);
    expect(screen.getByLabelText('Not accepted: This device is not assigned to that user.')).toBeInTheDocument();
    expect(screen.getByText(device.mac)).not.toHaveStyle({ textDecoration: 'line-through' });
  });
});
