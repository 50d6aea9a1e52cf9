import { onWearableAssigned } from '@/entities/devices/wearable-assign';
import { onWearableUnassigned } from '@/entities/devices/wearable-unassign';
import { operationKeys } from '@/entities/device-operations/api/keys';

/** A wristband assigned or unassigned (here, from Users or from the outbox panel) is refetched in the Wristbands lists. */
export function registerWristbandOutboxListeners(): void {
  onWearableAssigned({ invalidates: [operationKeys.lists()] });
  onWearableUnassigned({ invalidates: [operationKeys.lists()] });
}
