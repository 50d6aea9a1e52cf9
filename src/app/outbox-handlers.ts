import { registerWearableAssignHandler } from '@/entities/devices/wearable-assign';
import { registerWearableUnassignHandler } from '@/entities/devices/wearable-unassign';
import { registerUsersOutboxListeners } from '@/features/accounts/users/pending-unassigns';
import { badgeKeys } from '@/features/badges/api/keys';
import { registerBadgeOutboxHandlers } from '@/features/badges/outbox-handlers';
import { registerNfcOutboxHandlers } from '@/features/nfc/outbox-handlers';
import { registerEditorOutboxHandlers } from '@/features/maintenance/editor/outbox-handlers';
import { registerOperationOutboxHandlers } from '@/entities/device-operations/outbox-handlers';
import { registerPathOutboxHandlers } from '@/features/maintenance/path-builder/outbox-handlers';
import { registerGatewayOutboxHandlers } from '@/features/maintenance/gateways/outbox-handlers';
import { registerIotEditHandler } from '@/entities/iot/edit-device';
import { registerIotOutboxHandlers } from '@/features/maintenance/iot-devices/outbox-handlers';
import { registerWristbandOutboxListeners } from '@/features/maintenance/wristbands/outbox-listeners';

/**
 * Every type of queued edit, registered when the shell starts: a queue left by an earlier visit
 * is sent even if the screen that made it has not been opened this time.
 */
let registered = false;

export function registerOutboxHandlers(): void {
  if (registered) return;
  registered = true;
  registerNfcOutboxHandlers();
  registerWearableAssignHandler();
  registerWearableUnassignHandler();
  registerBadgeOutboxHandlers();
  registerUsersOutboxListeners();
  registerPathOutboxHandlers();
  registerEditorOutboxHandlers();
  registerOperationOutboxHandlers([badgeKeys.lists()]);
  registerWristbandOutboxListeners();
  registerGatewayOutboxHandlers();
  registerIotEditHandler();
  registerIotOutboxHandlers();
}
