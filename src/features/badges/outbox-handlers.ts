import { type CreateBadgeBody, type WearableRow } from '@contracts/wearables-admin';
import { ApiError } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { userKeys } from '@/entities/users/api/keys';
import { deviceKeys } from '@/entities/devices/api/keys';
import { lookupMac } from '@/entities/devices/api/lookup-mac';
import {
  onWearableUnassigned,
  WEARABLE_UNASSIGN_TYPES,
  wearableEntity,
  type WearableUnassignListener,
  type WearableUnassignPayload,
  type WearableUser,
} from '@/entities/devices/wearable-unassign';
import { userLabel } from '@/entities/users/user-label';
import { registerOutboxHandler } from '@/offline/outbox';
import { badgeKeys } from './api/keys';
import { assignBadges, createBadge } from './api/send-edits';

/** The outbox types of the badge screens; unassigning is any wearable's (entities/devices). */
export const BADGE_ADD = 'badge.add';
export const BADGE_ASSIGN = 'badge.assign';
export const BADGE_EDIT_TYPES = [BADGE_ADD, BADGE_ASSIGN, ...WEARABLE_UNASSIGN_TYPES] as const;

/** A user as a badge edit names them (the names are for the outbox panel and pending rows). */
export type BadgeUser = WearableUser;

/** A badge added at a location; the names describe it until the server has it. */
export interface BadgeAddPayload {
  body: CreateBadgeBody & { mac: string; groupId: number; modelId: number; firmwareVersionId: number };
  groupName: string;
  organizationName: string;
  modelName: string;
  version: string;
}

/**
 * A badge given to a user. The badge is named by its MAC, with its id when known: a badge added
 * offline has no id yet and is looked up by MAC when the edit is sent. `previousUser` is who held
 * it when the edit was made (a re-assign).
 */
export interface BadgeAssignPayload {
  mac: string;
  wearableId: number | null;
  user: BadgeUser;
  previousUser: BadgeUser | null;
  assignorId: number;
}

export type BadgeEditPayload = BadgeAddPayload | BadgeAssignPayload | WearableUnassignPayload;

/** The entity a badge edit is about: edits of one badge (an unassignment too) are sent in order. */
export const badgeEntity = (mac: string) => wearableEntity('BADGE', mac);

async function wearableIdOf(payload: { mac: string; wearableId: number | null }): Promise<number> {
  if (payload.wearableId !== null) return payload.wearableId;
  const found = await lookupMac(payload.mac);
  // A refusal the user can read in the outbox panel, then retry or discard.
  if (!found.device) throw new ApiError(404, `Badge ${payload.mac} does not exist.`, found);
  return found.device.id;
}

/** Shows an edit the server accepted in every cached list at once, before their refetch confirms it. */
function patchLists(patch: (rows: WearableRow[], groupId: number | null) => WearableRow[]): void {
  for (const [key, rows] of queryClient.getQueriesData<WearableRow[]>({ queryKey: badgeKeys.lists() })) {
    if (rows) queryClient.setQueryData<WearableRow[]>(key, patch(rows, (key[2] as number | null) ?? null));
  }
}

const setHolder = (mac: string, user: BadgeUser | null) => (rows: WearableRow[]) =>
  rows.map((row) => {
    if (row.mac === mac) return { ...row, user };
    // The server frees the badge the new holder had before.
    if (user && row.user?.id === user.id) return { ...row, user: null };
    return row;
  });

const refreshAfterAssign = () => [badgeKeys.lists(), deviceKeys.histories(), userKeys.all];

/** The badge lists' part in an unassignment (from these screens or from Users): the badge shows no holder at once. */
const onUnassigned: WearableUnassignListener = { sent: (payload) => patchLists(setHolder(payload.mac, null)), invalidates: [badgeKeys.lists()] };

/** Registers the badge edit types with the outbox, and the badge lists' part in unassigning. */
export function registerBadgeOutboxHandlers(): void {
  registerOutboxHandler<BadgeAddPayload>(BADGE_ADD, {
    async send(payload, { idempotencyKey }) {
      const row = await createBadge(payload.body, idempotencyKey);
      patchLists((rows, groupId) =>
        (groupId === null || groupId === row.groupId) && !rows.some((r) => r.mac === row.mac) ? [...rows, row] : rows,
      );
    },
    describe: ({ body, groupName }) => `Add badge ${body.mac} at ${groupName}`,
    invalidates: () => [badgeKeys.all],
  });

  registerOutboxHandler<BadgeAssignPayload>(BADGE_ASSIGN, {
    async send(payload, { idempotencyKey }) {
      const wearableId = await wearableIdOf(payload);
      const [result] = await assignBadges([{ userId: payload.user.id, wearableId, assignorId: payload.assignorId }], idempotencyKey);
      if (result?.status !== 'fulfilled') {
        throw new ApiError(409, result?.reason.message ?? 'The server gave no answer for this badge.', result);
      }
      patchLists(setHolder(payload.mac, payload.user));
    },
    describe: ({ mac, user, previousUser }) =>
      `Assign badge ${mac} to ${userLabel(user)}${previousUser ? ` (instead of ${userLabel(previousUser)})` : ''}`,
    invalidates: refreshAfterAssign,
  });

  // Unassigning is sent by the wearable handler (entities/devices), which tells the badge lists.
  onWearableUnassigned(onUnassigned);
}
