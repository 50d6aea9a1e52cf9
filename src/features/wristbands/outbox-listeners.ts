import { followHolderChanges } from '@/entities/devices/holder-lists';
import { operationKeys } from '@/entities/device-operations/api/keys';

/**
 * A wristband assigned or unassigned (here, from Users or from the outbox panel), or a badge given
 * to a wristband's holder, shows in the Wristbands lists at once; then they are refetched.
 */
export function registerWristbandOutboxListeners(): void {
  followHolderChanges(operationKeys.kindLists('WRISTBAND'));
}
