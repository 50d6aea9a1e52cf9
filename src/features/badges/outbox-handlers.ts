import { type CreateBadgeBody } from '@contracts/device-registry';
import { type WearableRow } from '@contracts/wearables';
import { queryClient } from '@/lib/query-client';
import { deviceKeys } from '@/entities/devices/api/keys';
import { HOLDER_EDIT_TYPES } from '@/entities/devices/holder-edits';
import { followHolderChanges } from '@/entities/devices/holder-lists';
import type { WearableAssignPayload } from '@/entities/devices/wearable-assign';
import { wearableEntity, type WearableUnassignPayload, type WearableUser } from '@/entities/devices/wearable-unassign';
import { registerOutboxHandler } from '@/offline/outbox';
import { badgeKeys } from './api/keys';
import { createBadge } from './api/send-badge-edits';

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

/** Shows a badge the server added in every cached list at once, before their refetch confirms it. */
function patchLists(patch: (rows: WearableRow[], groupId: number | null) => WearableRow[]): void {
  for (const [key, rows] of queryClient.getQueriesData<WearableRow[]>({ queryKey: badgeKeys.lists() })) {
    if (rows) queryClient.setQueryData<WearableRow[]>(key, patch(rows, (key[2] as number | null) ?? null));
  }
}

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
    // A new badge holds its MAC: a form's lookup of it asks again.
    invalidates: () => [badgeKeys.all, deviceKeys.macs()],
  });

  // Assigning and unassigning are sent by the wearable handlers (entities/devices), which tell the
  // badge lists (from the badge screens, a wristband's, or Users): the new holder, or none, shows at once.
  followHolderChanges(badgeKeys.lists());
}
