import { registerWearableAssignHandler } from '@/entities/devices/wearable-assign';
import { registerWearableUnassignHandler } from '@/entities/devices/wearable-unassign';
import { registerUsersOutboxListeners } from '@/features/users/pending-unassigns';
import { badgeKeys } from '@/features/badges/api/keys';
import { registerBadgeOutboxHandlers } from '@/features/badges/outbox-handlers';
import { registerNfcOutboxHandlers } from '@/features/nfc/outbox-handlers';
import { registerEditorOutboxHandlers } from '@/features/editor/outbox-handlers';
import { registerOperationOutboxHandlers } from '@/entities/device-operations/outbox-handlers';
import { registerPathOutboxHandlers } from '@/features/path-builder/outbox-handlers';
import { registerGatewayOutboxHandlers } from '@/features/gateways/outbox-handlers';
import { registerIotEditHandler } from '@/entities/iot/edit-device';
import { registerIotOutboxHandlers } from '@/features/iot-devices/outbox-handlers';
import { registerWristbandOutboxListeners } from '@/features/wristbands/outbox-listeners';
import { registerAuditOutboxHandlers } from '@/features/observation-audits/outbox-handlers';

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
  registerAuditOutboxHandlers();
}
