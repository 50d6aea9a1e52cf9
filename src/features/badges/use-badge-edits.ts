import { useCallback } from 'react';
import { userLabel } from '@/lib/scope-users';
import { useSession } from '@/lib/session-context';
import { type EditOutcome, useSubmitEdits } from '@/offline/use-outbox';
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

/** What became of one queued edit right after it was submitted. */
export type EditResult =
  | { state: 'accepted' }
  | { state: 'refused'; reason: string }
  /** Still in the outbox: offline, or the server could not be reached. */
  | { state: 'queued'; offline: boolean };

/** Each submitted item's fate, in the order the items were given. */
export function resultsOf<P>(outcome: EditOutcome<P>, ids: readonly string[]): EditResult[] {
  const refused = new Map(outcome.refused.map((item) => [item.id, item.lastError ?? 'The server refused the change.']));
  const sent = new Set(outcome.sent.map((item) => item.id));
  return ids.map((id): EditResult => {
    if (sent.has(id)) return { state: 'accepted' };
    const reason = refused.get(id);
    return reason === undefined ? { state: 'queued', offline: outcome.offline } : { state: 'refused', reason };
  });
}

const idsOf = <P,>(outcome: EditOutcome<P>) => [...outcome.sent, ...outcome.refused, ...outcome.waiting].map((item) => item.id);

/** One badge and the user it goes to. */
export interface AssignPair {
  device: BadgeRow;
  user: BadgeUser;
}

/** The badge edits, each queued in the outbox (and sent at once when online) and reported in a toast. */
export function useBadgeEdits() {
  const submit = useSubmitEdits();
  const { user: me } = useSession();

  const assign = useCallback(
    async (pairs: readonly AssignPair[]): Promise<EditResult[]> => {
      const items = pairs.map(({ device, user }) => ({
        type: BADGE_ASSIGN,
        entity: badgeEntity(device.mac),
        payload: { mac: device.mac, wearableId: device.id, user, previousUser: device.user, assignorId: me.id } satisfies BadgeAssignPayload,
      }));
      const outcome = await submit(items);
      if (outcome.sent.length > 0) showSuccess(`${outcome.sent.length} user(s) assigned!`);
      for (const reason of new Set(outcome.refused.map((item) => item.lastError))) showError(`User assignment failed: ${reason ?? 'not accepted'}`);
      const queued = outcome.total - outcome.sent.length - outcome.refused.length;
      if (queued > 0) showQueued(`${queued} assignment(s)`, outcome.offline);
      // The outcome lists items by fate; the dialog wants them in the order of its pairs.
      const byMac = new Map([...outcome.sent, ...outcome.refused, ...outcome.waiting].map((item) => [item.payload.mac, item.id]));
      return resultsOf(outcome, pairs.map(({ device }) => byMac.get(device.mac) ?? ''));
    },
    [submit, me.id],
  );

  const unassign = useCallback(
    async (device: BadgeRow & { user: BadgeUser }): Promise<EditResult> => {
      const payload: BadgeUnassignPayload = { mac: device.mac, wearableId: device.id, user: device.user, assignorId: me.id };
      const outcome = await submit([{ type: BADGE_UNASSIGN, entity: badgeEntity(device.mac), payload }]);
      const [result] = resultsOf(outcome, idsOf(outcome));
      const name = userLabel(device.user);
      if (result?.state === 'accepted') showSuccess(`${name} unassigned successfully.`);
      else if (result?.state === 'refused') showError(result.reason, `Error unassigning ${name}.`);
      else showQueued(`Unassigning ${name}`, outcome.offline);
      return result ?? { state: 'queued', offline: outcome.offline };
    },
    [submit, me.id],
  );

  const add = useCallback(
    async (payload: BadgeAddPayload): Promise<EditResult> => {
      const outcome = await submit([{ type: BADGE_ADD, entity: badgeEntity(payload.body.mac), payload }]);
      const [result] = resultsOf(outcome, idsOf(outcome));
      const mac = payload.body.mac;
      if (result?.state === 'accepted') showSuccess(`Badge ${mac} successfully added!`);
      else if (result?.state === 'refused') showError(result.reason, `Badge ${mac} was not added`);
      else showQueued(`Badge ${mac}`, outcome.offline);
      return result ?? { state: 'queued', offline: outcome.offline };
    },
    [submit],
  );

  return { assign, unassign, add };
}
