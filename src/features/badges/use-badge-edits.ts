import { useCallback } from 'react';
import { userLabel } from '@/entities/users/user-label';
import { useSession } from '@/lib/session-context';
import { type EditKind, type EditResult, type SubmittedEdits, useSubmitEdits } from '@/offline/use-submit-edits';
import type { BadgeRow } from './badge-rows';
import {
  BADGE_ADD,
  BADGE_ASSIGN,
  BADGE_UNASSIGN,
  badgeEntity,
  type BadgeAddPayload,
  type BadgeAssignPayload,
  type BadgeUnassignPayload,
  type BadgeUser,
} from './outbox-handlers';
import { showError, showQueued, showSuccess } from './toasts';

/** One badge and the user it goes to. */
export interface AssignPair {
  device: BadgeRow;
  user: BadgeUser;
}

const ASSIGN: EditKind<BadgeAssignPayload> = { type: BADGE_ASSIGN, entity: (payload) => badgeEntity(payload.mac) };
const UNASSIGN: EditKind<BadgeUnassignPayload> = { type: BADGE_UNASSIGN, entity: (payload) => badgeEntity(payload.mac) };
const ADD: EditKind<BadgeAddPayload> = { type: BADGE_ADD, entity: (payload) => badgeEntity(payload.body.mac) };

/** The result of an edit submitted alone. */
const onlyResult = ({ outcome, results }: SubmittedEdits<unknown>): EditResult => results[0] ?? { state: 'queued', offline: outcome.offline };

/** The toast of an edit submitted alone: what was done, the title of a refusal, what is still queued. */
function toastResult(result: EditResult, words: { accepted: string; refused: string; queued: string }): void {
  if (result.state === 'accepted') showSuccess(words.accepted);
  else if (result.state === 'refused') showError(result.reason, words.refused);
  else showQueued(words.queued, result.offline);
}

/** The badge edits, each queued in the outbox (and sent at once when online) and reported in a toast. */
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

  const unassign = useCallback(
    async (device: BadgeRow & { user: BadgeUser }): Promise<EditResult> => {
      const payload: BadgeUnassignPayload = { mac: device.mac, wearableId: device.id, user: device.user, assignorId: me.id };
      const name = userLabel(device.user);
      const submitted = await submit(UNASSIGN, [payload], (done) =>
        toastResult(onlyResult(done), { accepted: `${name} unassigned successfully.`, refused: `Error unassigning ${name}.`, queued: `Unassigning ${name}` }),
      );
      return onlyResult(submitted);
    },
    [submit, me.id],
  );

  const add = useCallback(
    async (payload: BadgeAddPayload): Promise<EditResult> => {
      const mac = payload.body.mac;
      const submitted = await submit(ADD, [payload], (done) =>
        toastResult(onlyResult(done), { accepted: `Badge ${mac} successfully added!`, refused: `Badge ${mac} was not added`, queued: `Badge ${mac}` }),
      );
      return onlyResult(submitted);
    },
    [submit],
  );

  return { assign, unassign, add };
}
