import { onWearableUnassigned } from '@/entities/devices/wearable-unassign';
import { operationKeys } from '@/entities/device-operations/api/keys';

/** A wristband unassigned (here, from Users or from the outbox panel) is refetched in the Wristbands lists. */
export function registerWristbandOutboxListeners(): void {
  onWearableUnassigned({ invalidates: [operationKeys.lists()] });
}
