import type Pusher from 'pusher';
import { lowerStatus, operationsChannel, type OperationEvent, type OperationEventPayload } from '../../contracts/operations';
import { iso } from '../../core/sql';
import type { DeviceOperationRow } from '../../db/schema';

// The live side of operations (docs/OPERATIONS.md 'Live progress'): every change of an
// operation is announced on its location's channel, as a SETTING or a DFU event.

export interface OperationChange {
  row: DeviceOperationRow;
  /** A completed SETTING: the settings the device now runs. */
  settings?: Record<string, number>;
  /** A completed DFU: the firmware the device now runs. */
  firmware?: { id: number; version: string } | null;
}

export interface OperationsPublisher {
  publish(changes: readonly OperationChange[]): Promise<void>;
}

/** Pusher takes at most this many events in one batch call. */
const BATCH = 10;

export function eventOf(change: OperationChange): { channel: string; name: OperationEvent; data: OperationEventPayload } {
  const { row } = change;
  return {
    channel: operationsChannel(row.groupId),
    name: row.type,
    data: {
      deviceId: row.deviceId,
      operationMetaDataId: row.id,
      type: row.type,
      status: lowerStatus(row.status),
      progress: row.progress,
      message: row.message,
      ...(change.settings ? { settings: change.settings } : {}),
      ...(change.firmware !== undefined ? { firmware: change.firmware } : {}),
      updatedAt: iso(row.updatedAt),
    },
  };
}

/** Publishes through the Pusher server; a failed publish is logged, never fails the change that was already stored. */
export function pusherOperationsPublisher(pusher: Pusher, log?: { warn(obj: unknown, message: string): void }): OperationsPublisher {
  return {
    async publish(changes) {
      for (let i = 0; i < changes.length; i += BATCH) {
        const batch = changes.slice(i, i + BATCH).map(eventOf);
        try {
          await pusher.triggerBatch(batch);
        } catch (error) {
          log?.warn({ err: error }, 'operation events were not published');
        }
      }
    },
  };
}
