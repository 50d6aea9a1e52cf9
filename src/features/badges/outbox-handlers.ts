import { type CreateBadgeBody, type WearableRow } from '@contracts/wearables-admin';
import { queryClient } from '@/lib/query-client';
import { HOLDER_EDIT_TYPES } from '@/entities/devices/holder-edits';
import { onWearableAssigned, type WearableAssignListener, type WearableAssignPayload } from '@/entities/devices/wearable-assign';
import {
  onWearableUnassigned,
  wearableEntity,
  type WearableUnassignListener,
  type WearableUnassignPayload,
  type WearableUser,
} from '@/entities/devices/wearable-unassign';
import { registerOutboxHandler } from '@/offline/outbox';
import { badgeKeys } from './api/keys';
import { createBadge } from './api/send-edits';

/** The outbox type of adding a badge; assigning and unassigning are any wearable's (entities/devices). */
export const BADGE_ADD = 'badge.add';
/** The edits the badge lists show while queued. */
export const BADGE_EDIT_TYPES = [BADGE_ADD, ...HOLDER_EDIT_TYPES] as const;

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

export type BadgeEditPayload = BadgeAddPayload | WearableAssignPayload | WearableUnassignPayload;

/** The entity a badge edit is about: edits of one badge (an assignment or unassignment too) are sent in order. */
export const badgeEntity = (mac: string) => wearableEntity('BADGE', mac);

/** Shows an edit the server accepted in every cached list at once, before their refetch confirms it. */
function patchLists(patch: (rows: WearableRow[], groupId: number | null) => WearableRow[]): void {
  for (const [key, rows] of queryClient.getQueriesData<WearableRow[]>({ queryKey: badgeKeys.lists() })) {
    if (rows) queryClient.setQueryData<WearableRow[]>(key, patch(rows, (key[2] as number | null) ?? null));
  }
}

const setHolder = (mac: string, user: BadgeUser | null) => (rows: WearableRow[]) =>
  rows.map((row) => {
    if (row.mac === mac) return { ...row, user };
    // The server frees the wearable the new holder had before (a badge, when a wristband is given to its holder too).
    if (user && row.user?.id === user.id) return { ...row, user: null };
    return row;
  });

/** The badge lists' part in an assignment (from the badge screens or a wristband's): the new holder shows at once. */
const onAssigned: WearableAssignListener = { sent: (payload) => patchLists(setHolder(payload.mac, payload.user)), invalidates: [badgeKeys.lists()] };

/** The badge lists' part in an unassignment (from these screens or from Users): the badge shows no holder at once. */
const onUnassigned: WearableUnassignListener = { sent: (payload) => patchLists(setHolder(payload.mac, null)), invalidates: [badgeKeys.lists()] };

/** Registers adding a badge with the outbox, and the badge lists' part in assigning and unassigning. */
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

  // Assigning and unassigning are sent by the wearable handlers (entities/devices), which tell the badge lists.
  onWearableAssigned(onAssigned);
  onWearableUnassigned(onUnassigned);
}
