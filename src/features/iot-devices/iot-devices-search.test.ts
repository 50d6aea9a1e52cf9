import { describe, expect, it } from 'vitest';
import { iotDevicesSearchSchema } from './iot-devices-search';

describe('the IoT Devices address', () => {
  it('keeps the location, the search and a Last Online bucket', () => {
    expect(iotDevicesSearchSchema.parse({ groupId: '6', search: 'FD-3N', lastOnline: '1-7d' })).toEqual({ groupId: 6, search: 'FD-3N', lastOnline: '1-7d' });
  });

  it('reads what it cannot use as absent', () => {
    expect(iotDevicesSearchSchema.parse({ groupId: 'x', search: '', lastOnline: 'yesterday' })).toEqual({ groupId: undefined, search: undefined, lastOnline: undefined });
  });
});
