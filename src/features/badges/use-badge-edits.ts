import { useCallback } from 'react';
import { toastEditResult } from '@/components/edit-toasts';
import { type EditKind, type EditResult, onlyResult, useSubmitEdits } from '@/offline/use-submit-edits';
import { BADGE_ADD, badgeEntity, type BadgeAddPayload } from './outbox-handlers';

const ADD: EditKind<BadgeAddPayload> = { type: BADGE_ADD, entity: (payload) => badgeEntity(payload.body.mac) };

/** Adding a badge, queued in the outbox (and sent at once when online) and reported in a toast; assigning and unassigning are entities/devices'. */
export function useBadgeEdits() {
  const submit = useSubmitEdits();

  const add = useCallback(
    async (payload: BadgeAddPayload): Promise<EditResult> => {
      const mac = payload.body.mac;
      const submitted = await submit(ADD, [payload], (done) =>
        toastEditResult(onlyResult(done), { accepted: `Badge ${mac} successfully added!`, refused: `Badge ${mac} was not added`, queued: `Badge ${mac}` }),
      );
      return onlyResult(submitted);
    },
    [submit],
  );

  return { add };
}
