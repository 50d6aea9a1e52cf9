import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import * as api from './api/send-operations';
import { secondKey, sendQueue, type OperationQueuePayload } from './outbox-handlers';

afterEach(() => vi.restoreAllMocks());

const payload: OperationQueuePayload = {
  kind: 'queue',
  deviceId: 4,
  groupId: 6,
  mac: 'AA:BB:CC:00:00:04',
  name: 'Soap 3N-04',
  description: 'Night round',
  settings: [{ label: 'LED Color', desired: 255 }],
  firmware: true,
};
const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('a queued operation item', () => {
  it('saves the settings, then queues settings before firmware, each under its own stable key', async () => {
    const save = vi.spyOn(api, 'saveSettings').mockResolvedValue({ updated: 1 });
    const queue = vi.spyOn(api, 'queueOperations').mockResolvedValue({
      operations: [
        { deviceId: 4, type: 'SETTING', id: 1, queued: true, reason: null },
        { deviceId: 4, type: 'DFU', id: 2, queued: true, reason: null },
      ],
    });
    await sendQueue(payload, KEY);
    expect(save).toHaveBeenCalledWith([{ deviceId: 4, settings: payload.settings }], KEY);
    expect(queue).toHaveBeenCalledWith(
      { description: 'Night round', operations: [{ type: 'SETTING', deviceId: 4, groupId: 6 }, { type: 'DFU', deviceId: 4, groupId: 6 }] },
      secondKey(KEY),
    );
    expect(secondKey(KEY)).not.toBe(KEY);
    expect(secondKey(KEY)).toMatch(/^[0-9a-f]{8}-/);
    expect(secondKey(secondKey(KEY))).not.toBe(KEY);
  });

  it('turns an operation someone else queued meanwhile into a conflict the user sees', async () => {
    vi.spyOn(api, 'queueOperations').mockResolvedValue({ operations: [{ deviceId: 4, type: 'DFU', id: 9, queued: false, reason: 'Already queued or in progress' }] });
    const error = await sendQueue({ ...payload, settings: null }, KEY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(409);
    expect((error as ApiError).message).toContain('Soap 3N-04 already has a firmware update queued or in progress');
  });

  it('takes a device already up to date as done, not as a conflict', async () => {
    vi.spyOn(api, 'queueOperations').mockResolvedValue({ operations: [{ deviceId: 4, type: 'DFU', id: null, queued: false, reason: 'Firmware is up to date' }] });
    await expect(sendQueue({ ...payload, settings: null }, KEY)).resolves.toBeUndefined();
  });
});
