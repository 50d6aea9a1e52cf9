import type { Thing } from '@contracts/iot';
import { describe, expect, it } from 'vitest';
import type { EditDevicePayload } from '@/entities/iot/edit-device';
import type { OutboxItem } from '@/offline/db';
import { iotMatches, iotShown } from './iot-marks';

const thing = (id: number, over: Partial<Thing> = {}): Thing => ({
  id,
  awsId: `FALL-${id}`,
  name: `Fall ${id}`,
  type: 'fall_device_v1',
  typeName: 'Fall Device',
  entityType: 'IOT_DEVICE',
  groupId: 6,
  groupName: 'ICU – 3 North',
  x: 100,
  y: 200,
  packages: [],
  outdated: false,
  status: { connected: true, timestamp: '2026-11-29T08:00:00.000Z' },
  ...over,
});

const edit = (id: number, body: EditDevicePayload['body'], status: 'pending' | 'failed' = 'pending'): OutboxItem<EditDevicePayload> => ({
  id: `item-${id}-${body.name}`,
  userSub: 'tech',
  type: 'iot.edit-device',
  entity: `iot-thing:${id}`,
  payload: { id, awsId: `FALL-${id}`, body },
  createdAt: 1,
  attempts: status === 'failed' ? 1 : 0,
  status,
  lastError: status === 'failed' ? 'Location not found' : null,
  nextAttemptAt: 0,
});

describe('the editor’s IoT devices', () => {
  it('keeps the location’s own devices and draws the unplaced ones 20 apart, in order', () => {
    const shown = iotShown([thing(1, { x: 0, y: 0 }), thing(2, { groupId: 7 }), thing(3), thing(4, { x: 0, y: 0 })], 6, []);
    expect(shown.map((s) => [s.key, s.x, s.y, s.placeholder])).toEqual([
      ['iot:1', 20, 20, true],
      ['iot:3', 100, 200, false],
      ['iot:4', 60, 60, true],
    ]);
  });

  it('shows the latest queued edit over the server’s values, and a device moved elsewhere leaves the plan', () => {
    const shown = iotShown(
      [thing(1), thing(2), thing(3, { type: 'nfc_gateway_v1', typeName: 'NFC Gateway' })],
      6,
      [
        edit(1, { groupId: 6, name: 'Bed 1', posX: 10, posY: 20 }),
        edit(1, { groupId: 6, name: 'Bed 1 window', posX: 30, posY: 40 }, 'failed'),
        edit(2, { groupId: 9, name: 'Fall 2', posX: 100, posY: 200 }),
      ],
    );
    expect(shown.map((s) => ({ key: s.key, name: s.name, x: s.x, y: s.y, state: s.state, error: s.error, editable: s.editable }))).toEqual([
      { key: 'iot:1', name: 'Bed 1 window', x: 30, y: 40, state: 'failed', error: 'Location not found', editable: true },
      { key: 'iot:3', name: 'Fall 3', x: 100, y: 200, state: 'saved', error: null, editable: false },
    ]);
  });

  it('is found by name or serial number', () => {
    const [row] = iotShown([thing(5)], 6, []);
    expect(iotMatches(row!, 'fall-5')).toBe(true);
    expect(iotMatches(row!, ' FALL 5 ')).toBe(true);
    expect(iotMatches(row!, 'bed')).toBe(false);
  });
});
