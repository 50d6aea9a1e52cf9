import { operationEndpoints, type QueueOperationsBody, type QueuedOperation, type SaveSettingsBody } from '@contracts/operations';
import { mainApi } from '@/lib/api-client';

const keyed = (idempotencyKey: string) => ({ 'Idempotency-Key': idempotencyKey });

/** POST /settings: the values wanted of devices. */
export function saveSettings(body: SaveSettingsBody, idempotencyKey: string): Promise<{ updated: number }> {
  return mainApi.call(operationEndpoints.saveSettings, { body, headers: keyed(idempotencyKey) });
}

/** POST /operations: settings first, then firmware. */
export function queueOperations(body: QueueOperationsBody, idempotencyKey: string): Promise<{ operations: QueuedOperation[] }> {
  return mainApi.call(operationEndpoints.queue, { body, headers: keyed(idempotencyKey) });
}

/** POST operations/cancel: a pending operation. */
export function cancelOperation(operationMetaDataId: number, idempotencyKey: string): Promise<{ deviceId: number }> {
  return mainApi.call(operationEndpoints.cancel, { body: { operationMetaDataId }, headers: keyed(idempotencyKey) });
}
