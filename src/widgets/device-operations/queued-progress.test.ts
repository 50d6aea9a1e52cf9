import { describe, expect, it } from 'vitest';
import type { LastStatusValue, OperableDevice } from '@contracts/operations';
import type { OperationRow } from '@/entities/device-operations/operation-rows';
import { queuedProgress, queuedText } from './queued-progress';

const row = (id: number, last: { id: number; status: LastStatusValue } | null, over: Partial<OperationRow> = {}): OperationRow =>
  ({
    id,
    mac: `AA:00:00:00:00:0${id}`,
    name: `D${id}`,
    groupId: 6,
    modelId: 1,
    modelName: 'M',
    firmware: { current: null, latest: null },
    settingsSync: 'ok',
    lastStatus: last && { status: last.status, type: 'SETTING', updatedAt: '2026-12-01T10:00:00.000Z', operationMetaDataId: last.id, progress: 0, message: null },
    operations: [],
    operationDisabled: false,
    outbox: null,
    outboxError: null,
    ...over,
  }) as OperationRow<OperableDevice>;

describe('the devices of the last queue', () => {
  it('count as going until a newer operation than before has ended, then as done or failed', () => {
    const watch = new Map([
      [1, 5],
      [2, 6],
      [3, null],
      [4, 7],
    ]);
    const rows = [
      // Still in the outbox, and the list not yet read again: its earlier, finished operation is not this one.
      row(1, { id: 5, status: 'done' }, { outbox: 'queue' }),
      row(2, { id: 9, status: 'working' }),
      row(3, { id: 10, status: 'done' }),
      row(4, { id: 11, status: 'failed' }),
    ];
    expect(queuedProgress(rows, watch)).toEqual({ total: 4, done: 1, failed: 1, going: 2 });
    expect(queuedText(queuedProgress(rows, watch), 'beacons')).toBe('Operations for 4 beacons: 1 done, 1 failed or cancelled, 2 still going.');

    const later = [row(1, { id: 12, status: 'done' }), row(2, { id: 9, status: 'done' }), rows[2]!, rows[3]!];
    expect(queuedText(queuedProgress(later, watch), 'beacons')).toBe('All 4 operations have finished: 3 done, 1 failed or cancelled.');
  });

  it('counts a queue the server refused, and a device gone from the list, as failed', () => {
    const watch = new Map([
      [1, null],
      [2, null],
    ]);
    expect(queuedProgress([row(1, null, { outbox: 'queue', outboxError: 'Device not found' })], watch)).toEqual({ total: 2, done: 0, failed: 2, going: 0 });
  });
});
