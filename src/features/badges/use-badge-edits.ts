import { useCallback } from 'react';
import { showError, showQueued, showSuccess, toastEditResult } from '@/components/edit-toasts';
import { useSession } from '@/lib/session-context';
import { type EditKind, type EditResult, onlyResult, useSubmitEdits } from '@/offline/use-submit-edits';
import type { BadgeRow } from './badge-rows';
import { BADGE_ADD, BADGE_ASSIGN, badgeEntity, type BadgeAddPayload, type BadgeAssignPayload, type BadgeUser } from './outbox-handlers';

/** One badge and the user it goes to. */
export interface AssignPair {
  device: BadgeRow;
  user: BadgeUser;
}

const ASSIGN: EditKind<BadgeAssignPayload> = { type: BADGE_ASSIGN, entity: (payload) => badgeEntity(payload.mac) };
const ADD: EditKind<BadgeAddPayload> = { type: BADGE_ADD, entity: (payload) => badgeEntity(payload.body.mac) };

/** The badge edits, each queued in the outbox (and sent at once when online) and reported in a toast; unassigning is entities/devices'. */
export function useBadgeEdits() {
  const submit = useSubmitEdits();
  const { user: me } = useSession();

  /** Each pair's result, in the order of the pairs. */
  const assign = useCallback(
    async (pairs: readonly AssignPair[]): Promise<EditResult[]> => {
      const payloads = pairs.map(
        ({ device, user }): BadgeAssignPayload => ({ mac: device.mac, wearableId: device.id, user, previousUser: device.user, assignorId: me.id }),
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

  return { assign, add };
}
