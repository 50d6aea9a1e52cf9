import { ALREADY_QUEUED_REASON, type OperationType } from '@contracts/operations';
import { ApiError } from '@/lib/api-client';
import { registerOutboxHandler } from '@/offline/outbox';
import { operationKeys } from './api/keys';
import { cancelOperation, queueOperations, saveSettings } from './api/send-operations';

// The operations pages' edits go through the outbox, one item per device (docs/OFFLINE.md
// 'Device operations'): a technician can queue settings and firmware updates, and cancel pending
// ones, on a ward without signal; each replays once, in order per device.

export const OPERATION_QUEUE = 'operations.queue';
export const OPERATION_CANCEL = 'operations.cancel';
export const OPERATION_EDIT_TYPES = [OPERATION_QUEUE, OPERATION_CANCEL] as const;

interface DeviceRef {
  deviceId: number;
  groupId: number;
  mac: string;
  name: string;
}

/** Operations queued for one device: the settings wanted of it (first), then its firmware update. */
export interface OperationQueuePayload extends DeviceRef {
  kind: 'queue';
  description: string;
  settings: { label: string; desired: number }[] | null;
  firmware: boolean;
}

/** A pending operation cancelled. */
export interface OperationCancelPayload extends DeviceRef {
  kind: 'cancel';
  operationMetaDataId: number;
  type: OperationType;
}

export type OperationEditPayload = OperationQueuePayload | OperationCancelPayload;

/** A device's edits are sent in order: its operations are queued before one of them is cancelled. */
export const operationEntity = (deviceId: number) => `operable-device:${deviceId}`;

/**
 * The Idempotency-Key of an item's second request: its own key with the first digit moved on,
 * so a replay sends the same two keys and the server answers each request as it did the first time.
 */
export function secondKey(idempotencyKey: string): string {
  const first = parseInt(idempotencyKey.charAt(0), 16);
  return `${((first + 1) % 16).toString(16)}${idempotencyKey.slice(1)}`;
}


export async function sendQueue(payload: OperationQueuePayload, idempotencyKey: string): Promise<void> {
  if (payload.settings?.length) await saveSettings([{ deviceId: payload.deviceId, settings: payload.settings }], idempotencyKey);
  const operations = [
    ...(payload.settings?.length ? [{ type: 'SETTING' as const, deviceId: payload.deviceId, groupId: payload.groupId }] : []),
    ...(payload.firmware ? [{ type: 'DFU' as const, deviceId: payload.deviceId, groupId: payload.groupId }] : []),
  ];
  if (operations.length === 0) return;
  const answer = await queueOperations({ description: payload.description, operations }, secondKey(idempotencyKey));
  const conflicts = answer.operations.filter((op) => !op.queued && op.reason === ALREADY_QUEUED_REASON);
  if (conflicts.length) {
    const what = conflicts.map((op) => (op.type === 'DFU' ? 'a firmware update' : 'a settings change')).join(' and ');
    throw new ApiError(409, `${payload.name} already has ${what} queued or in progress, queued by someone else meanwhile. Discard this, or retry once theirs is done.`, answer);
  }
}

export function describeOperationEdit(payload: OperationEditPayload): string {
  if (payload.kind === 'cancel') return `Cancel the ${payload.type === 'DFU' ? 'firmware update' : 'settings change'} of ${payload.name}`;
  const parts = [payload.settings?.length ? `${payload.settings.length} setting change(s)` : null, payload.firmware ? 'a firmware update' : null].filter(Boolean);
  return `Queue ${parts.join(' and ')} for ${payload.name}`;
}

/** Registers the operations pages' edit types with the outbox; `alsoRefresh`: other lists that show operations (the badges'). */
export function registerOperationOutboxHandlers(alsoRefresh: readonly (readonly unknown[])[] = []): void {
  const invalidates = () => [operationKeys.lists(), ...alsoRefresh];
  registerOutboxHandler<OperationQueuePayload>(OPERATION_QUEUE, {
    send: (payload, { idempotencyKey }) => sendQueue(payload, idempotencyKey),
    describe: describeOperationEdit,
    invalidates,
  });
  registerOutboxHandler<OperationCancelPayload>(OPERATION_CANCEL, {
    async send(payload, { idempotencyKey }) {
      await cancelOperation(payload.operationMetaDataId, idempotencyKey);
    },
    describe: describeOperationEdit,
    invalidates,
  });
}
