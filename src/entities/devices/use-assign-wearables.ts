import type { WearableType } from '@contracts/wearables';
import { useCallback } from 'react';
import { showQueued } from '@/components/edit-toasts';
import { showError, showSuccess } from '@/components/toasts';
import { useSession } from '@/lib/session-context';
import { type EditKind, type EditResult, useSubmitEdits } from '@/offline/use-submit-edits';
import { WEARABLE_ASSIGN, type WearableAssignPayload } from '@/entities/devices/wearable-assign';
import { deviceTypeOf, wearableEntity, type WearableUser } from '@/entities/devices/wearable-unassign';
import type { AssignableWearable } from '@/entities/devices/assign-rules';

/** One wearable and the user it goes to. */
export interface AssignPair {
  device: AssignableWearable;
  user: WearableUser;
}

// One wearable's edits (its unassignments too) are sent in order: `badge:{mac}`, `wristband:{mac}`.
const ASSIGN: EditKind<WearableAssignPayload> = { type: WEARABLE_ASSIGN, entity: (payload) => wearableEntity(deviceTypeOf(payload), payload.mac) };

/**
 * Assigns wearables of one kind through the outbox (sent at once when online, on reconnect
 * otherwise) and says what became of them in toasts: '{n} user(s) assigned!', the server's
 * reasons, or how many are kept on the device. Answers each pair's result, in the order of the pairs.
 */
export function useAssignWearables(): (deviceType: WearableType, pairs: readonly AssignPair[]) => Promise<EditResult[]> {
  const submit = useSubmitEdits();
  const { user: me } = useSession();
  return useCallback(
    async (deviceType: WearableType, pairs: readonly AssignPair[]): Promise<EditResult[]> => {
      const payloads = pairs.map(
        ({ device, user }): WearableAssignPayload => ({ mac: device.mac, wearableId: device.id, deviceType, user, previousUser: device.user, assignorId: me.id }),
      );
      const { results } = await submit(ASSIGN, payloads, ({ outcome }) => {
        if (outcome.sent.length > 0) showSuccess(`${outcome.sent.length} user(s) assigned!`);
        for (const reason of new Set(outcome.refused.map((item) => item.lastError))) showError(`User assignment failed: ${reason ?? 'not accepted'}`);
        const queued = outcome.total - outcome.sent.length - outcome.refused.length;
        if (queued > 0) showQueued(`${queued} assignment(s)`, outcome.offline);
      });
      return results;
    },
    [submit, me.id],
  );
}
