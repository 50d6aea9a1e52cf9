import { describe, expect, it } from 'vitest';
import type { OperableDevice, OperationEventPayload } from '@contracts/operations';
import type { OutboxItem } from '@/offline/db';
import { applyEvent, filterRows, isSelectable, planQueue, rowsOf, statusText } from './operation-rows';
import type { OperationEditPayload } from './outbox-handlers';

const device = (over: Partial<OperableDevice> = {}): OperableDevice => ({
  id: 1,
  mac: 'AA:BB:CC:00:00:01',
  name: 'Soap 3N-01',
  type: 'DISPENSER',
  modelId: 3,
  modelName: 'GEN 3',
  groupId: 6,
  groupName: 'ICU – 3 North',
  role: 'Soap',
  physicalRole: null,
  mode: null,
  txPower: -4,
  batteryPercent: 80,
  batteryMv: 2900,
  lastHeartbeatAt: '2026-11-27T10:00:00.000Z',
  x: 10,
  y: 20,
  firmware: { current: { id: 1, version: '1.0.0' }, latest: { id: 2, version: '1.1.0' } },
  settingsSync: 'unconfigured',
  lastStatus: null,
  operations: [],
  operationDisabled: false,
  ...over,
});

const item = (payload: OperationEditPayload, over: Partial<OutboxItem> = {}): OutboxItem<OperationEditPayload> =>
  ({ id: 'x', userSub: 'u', type: 'operations.queue', entity: 'e', payload, createdAt: 0, attempts: 0, status: 'pending', lastError: null, nextAttemptAt: 0, ...over }) as OutboxItem<OperationEditPayload>;

const queued = item({ kind: 'queue', deviceId: 1, groupId: 6, mac: 'AA', name: 'Soap', description: 'd', settings: null, firmware: true });

describe('the operations rows', () => {
  it('shows an operation queued on this device as queued and busy, and a refused one with its reason', () => {
    const [row] = rowsOf([device()], [queued]);
    expect(row).toMatchObject({ outbox: 'queue', operationDisabled: true });
    expect(statusText(row!)).toBe('Queued');
    expect(isSelectable(row!)).toBe(false);
    const [refused] = rowsOf([device()], [item(queued.payload, { status: 'failed', lastError: 'Soap already has a firmware update queued' })]);
    expect(statusText(refused!)).toBe('Refused');
    expect(refused!.outboxError).toContain('already has');
  });

  it('filters active (open, queued here, pending or working) from inactive, and searches name and MAC', () => {
    const rows = rowsOf(
      [
        device({ id: 1, name: 'Soap A' }),
        device({ id: 2, name: 'Soap B', mac: 'AA:BB:CC:00:00:02', lastStatus: { status: 'working', type: 'DFU', updatedAt: '', operationMetaDataId: 5, progress: 50, message: null } }),
        device({ id: 3, name: 'Gel C', mac: 'AA:BB:CC:00:00:03' }),
      ],
      [item({ ...queued.payload, deviceId: 3 })],
    );
    expect(filterRows(rows, 'active', '').map((r) => r.id)).toEqual([2, 3]);
    expect(filterRows(rows, 'inactive', '').map((r) => r.id)).toEqual([1]);
    expect(filterRows(rows, 'all', 'soap').map((r) => r.id)).toEqual([1, 2]);
    expect(filterRows(rows, 'all', 'aabbcc000003').map((r) => r.id)).toEqual([3]);
  });

  it('plans a queue: settings before firmware, skipping busy, unknown-firmware and up-to-date devices', () => {
    const rows = rowsOf(
      [
        device({ id: 1 }),
        device({ id: 2, operations: [{ id: 9, type: 'DFU', status: 'pending', progress: 0, description: '', createdAt: '' }] }),
        device({ id: 3, firmware: { current: null, latest: { id: 2, version: '1.1.0' } } }),
        device({ id: 4, firmware: { current: { id: 2, version: '1.1.0' }, latest: { id: 2, version: '1.1.0' } } }),
      ],
      [],
    );
    const plan = planQueue(rows, { firmware: true, settings: new Map([[1, []]]) });
    expect(plan.map((e) => [e.row.id, e.types, e.skipped])).toEqual([
      [1, ['SETTING', 'DFU'], null],
      [2, [], 'Already queued or in progress'],
      [3, [], 'No current firmware'],
      [4, [], 'Nothing to change: firmware up to date'],
    ]);
  });

  it('applies the channel’s events: dispatched, started with progress, completed with the new firmware', () => {
    const event = (over: Partial<OperationEventPayload>): OperationEventPayload => ({
      deviceId: 1,
      operationMetaDataId: 7,
      type: 'DFU',
      status: 'pending',
      progress: 0,
      message: null,
      updatedAt: '2026-11-27T10:00:00.000Z',
      ...over,
    });
    let d = applyEvent(device(), event({}));
    expect(d).toMatchObject({ operationDisabled: true, operations: [{ id: 7, status: 'pending' }], lastStatus: { status: 'pending' } });
    d = applyEvent(d, event({ status: 'working', progress: 50, updatedAt: '2026-11-27T10:00:02.000Z' }));
    expect(statusText({ ...d, outbox: null, outboxError: null })).toBe('Started 50%');
    // A late, older event changes nothing.
    expect(applyEvent(d, event({ status: 'pending', updatedAt: '2026-11-27T10:00:01.000Z' }))).toBe(d);
    d = applyEvent(d, event({ status: 'done', progress: 100, firmware: { id: 2, version: '1.1.0' }, updatedAt: '2026-11-27T10:00:04.000Z' }));
    expect(d).toMatchObject({ operationDisabled: false, operations: [], firmware: { current: { id: 2 } }, lastStatus: { status: 'done', progress: 100 } });
    // Another device's event leaves this one.
    expect(applyEvent(d, event({ deviceId: 2, status: 'failed' }))).toBe(d);
  });

  it('shows the TX power a completed setting applied, and not one that is only on its way', () => {
    const event = (status: OperationEventPayload['status']): OperationEventPayload => ({
      deviceId: 1,
      operationMetaDataId: 8,
      type: 'SETTING',
      status,
      progress: status === 'done' ? 100 : 0,
      message: null,
      updatedAt: '2026-11-27T10:00:00.000Z',
      settings: { 'TX Power': -12, 'LED Color': 255 },
    });
    expect(applyEvent(device(), event('working')).txPower).toBe(-4);
    expect(applyEvent(device(), event('done'))).toMatchObject({ txPower: -12, settingsSync: 'ok' });
  });

  it('keeps the devices of the last queue in the Active view once they finish', () => {
    const finished = device({ id: 2, lastStatus: { status: 'done', type: 'SETTING', updatedAt: '2026-11-27T10:00:00.000Z', operationMetaDataId: 3, progress: 100, message: null } });
    const rows = rowsOf([device(), finished], []);
    expect(filterRows(rows, 'active', '').map((r) => r.id)).toEqual([]);
    expect(filterRows(rows, 'active', '', undefined, new Set([2])).map((r) => r.id)).toEqual([2]);
    expect(filterRows(rows, 'inactive', '', undefined, new Set([2])).map((r) => r.id)).toEqual([1, 2]);
  });
});
