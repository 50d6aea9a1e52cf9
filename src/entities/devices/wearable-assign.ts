import type { WearableType } from '@contracts/wearables';
import { userKeys } from '@/entities/users/api/keys';
import { userLabel } from '@/entities/users/user-label';
import { ApiError } from '@/lib/api-client';
import { registerOutboxHandler, type OutboxHandler } from '@/offline/outbox';
import { assignWearables } from './api/assign-wearables';
import { deviceKeys } from './api/keys';
import { deviceTypeOf, wearableIdOf, wearableWord, type WearableEditListener, type WearableUser } from './wearable-unassign';

// Assigning a wearable of any kind through the outbox: one handler, used by the Badges,
// SmartBadge Management and Wristbands pages' Assign dialog. Screens that keep lists of wearables
// listen for accepted assignments to show them at once and refetch their lists.

/** The outbox type of an assignment (a badge, a wristband, any wearable). */
export const WEARABLE_ASSIGN = 'wearable.assign';
/** The type earlier versions queued a badge's assignment under: queues left by them are sent by the same handler. */
export const BADGE_ASSIGN_V1 = 'badge.assign';
/** Both types, for screens that show queued assignments. */
export const WEARABLE_ASSIGN_TYPES = [WEARABLE_ASSIGN, BADGE_ASSIGN_V1] as const;

/**
 * A wearable given to a user. The wearable is named by its MAC, with its id when known (a badge
 * added offline has none yet and is looked up by MAC when the edit is sent). `previousUser` is
 * who held it when the edit was made (a re-assign).
 */
export interface WearableAssignPayload {
  mac: string;
  wearableId: number | null;
  /** Absent from items queued by earlier versions, which were all badges. */
  deviceType?: WearableType;
  user: WearableUser;
  previousUser: WearableUser | null;
  assignorId: number;
}

/** What a screen does when the server has accepted an assignment. */
export type WearableAssignListener = WearableEditListener<WearableAssignPayload>;

const listeners = new Set<WearableAssignListener>();

/** Adds a screen's listener (registered with the outbox handlers, when the shell starts). */
export function onWearableAssigned(listener: WearableAssignListener): void {
  listeners.add(listener);
}

const handler: OutboxHandler<WearableAssignPayload> = {
  async send(payload, { idempotencyKey }) {
    const wearableId = await wearableIdOf(payload);
    const [result] = await assignWearables([{ userId: payload.user.id, wearableId, assignorId: payload.assignorId }], idempotencyKey);
    if (result?.status !== 'fulfilled') {
      throw new ApiError(409, result?.reason.message ?? `The server gave no answer for this ${wearableWord(deviceTypeOf(payload))}.`, result);
    }
    for (const listener of listeners) listener.sent?.(payload);
  },
  describe: (payload) =>
    `Assign ${wearableWord(deviceTypeOf(payload))} ${payload.mac} to ${userLabel(payload.user)}${payload.previousUser ? ` (instead of ${userLabel(payload.previousUser)})` : ''}`,
  invalidates: () => [deviceKeys.histories(), userKeys.all, ...[...listeners].flatMap((listener) => listener.invalidates ?? [])],
};

/** Registers the assignment with the outbox, under its type and the one earlier versions queued. */
export function registerWearableAssignHandler(): void {
  registerOutboxHandler(WEARABLE_ASSIGN, handler);
  registerOutboxHandler(BADGE_ASSIGN_V1, handler);
}
