import type { WearableType } from '@contracts/wearables';
import { useCallback } from 'react';
import { toastEditResult } from '@/components/edit-toasts';
import { userLabel } from '@/entities/users/user-label';
import { useSession } from '@/lib/session-context';
import { type EditKind, type EditResult, onlyResult, useSubmitEdits } from '@/offline/use-submit-edits';
import { WEARABLE_UNASSIGN, wearableEntity, deviceTypeOf, type WearableUnassignPayload, type WearableUser } from './wearable-unassign';

/** A wearable and the user who holds it, as a screen shows them. */
export interface UnassignTarget {
  mac: string;
  /** Null for a badge added on this device that the server does not have yet. */
  wearableId: number | null;
  deviceType: WearableType;
  /** The check-in code, when the wearable has one. */
  code?: string | null;
  user: WearableUser;
}

const UNASSIGN: EditKind<WearableUnassignPayload> = {
  type: WEARABLE_UNASSIGN,
  entity: (payload) => wearableEntity(deviceTypeOf(payload), payload.mac),
};

/**
 * Unassigns a wearable through the outbox (sent at once when online, on reconnect otherwise) and
 * says what became of it: '{name} unassigned successfully.', the server's reason under 'Error
 * unassigning {name}.', or that it is kept on the device. Answers the result.
 */
export function useUnassignWearable(): (target: UnassignTarget) => Promise<EditResult> {
  const submit = useSubmitEdits();
  const { user: me } = useSession();
  return useCallback(
    async ({ mac, wearableId, deviceType, user }: UnassignTarget) => {
      const payload: WearableUnassignPayload = { mac, wearableId, deviceType, user, assignorId: me.id };
      const name = userLabel(user);
      const submitted = await submit(UNASSIGN, [payload], (done) =>
        toastEditResult(onlyResult(done), { accepted: `${name} unassigned successfully.`, refused: `Error unassigning ${name}.`, queued: `Unassigning ${name}` }),
      );
      return onlyResult(submitted);
    },
    [submit, me.id],
  );
}
