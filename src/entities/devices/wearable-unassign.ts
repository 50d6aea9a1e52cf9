import type { WearableType } from '@contracts/wearables';
import { userKeys } from '@/entities/users/api/keys';
import { userLabel } from '@/entities/users/user-label';
import { ApiError } from '@/lib/api-client';
import { registerOutboxHandler, type OutboxHandler } from '@/offline/outbox';
import { deviceKeys } from './api/keys';
import { lookupMac } from './api/lookup-mac';
import { unassignWearable } from './api/unassign-wearable';

// Unassigning a wearable of any kind through the outbox: one handler, used by the badge screens
// and by the Users page's Unassign Device. Screens that keep lists of wearables or users listen
// for accepted unassignments to show them at once and refetch their lists.

/** The outbox type of an unassignment (a badge, a wristband, any wearable). */
export const WEARABLE_UNASSIGN = 'wearable.unassign';
/** The type earlier versions queued a badge's unassignment under: queues left by them are sent by the same handler. */
export const BADGE_UNASSIGN_V1 = 'badge.unassign';
/** Both types, for screens that show queued unassignments. */
export const WEARABLE_UNASSIGN_TYPES = [WEARABLE_UNASSIGN, BADGE_UNASSIGN_V1] as const;

/** A user as a wearable edit names them (the names are for the outbox panel and pending rows). */
export interface WearableUser {
  id: number;
  userName: string;
  firstName: string;
  lastName: string;
}

/**
 * A wearable taken back from `user`. The wearable is named by its MAC, with its id when known (a
 * badge added offline has none yet and is looked up by MAC when the edit is sent). The server
 * refuses it (409) when `user` no longer holds it by then: unassigned or re-assigned meanwhile.
 */
export interface WearableUnassignPayload {
  mac: string;
  wearableId: number | null;
  /** Absent from items queued by earlier versions, which were all badges. */
  deviceType?: WearableType;
  user: WearableUser;
  assignorId: number;
}

/** The kind of wearable an unassignment is about. */
export const deviceTypeOf = (payload: Pick<WearableUnassignPayload, 'deviceType'>): WearableType => payload.deviceType ?? 'BADGE';

/** 'badge', 'wristband'. */
export const wearableWord = (type: WearableType): string => type.toLowerCase();

/** 'Badge', 'Wristband'. */
export const wearableName = (type: WearableType): string => `${type[0]}${wearableWord(type).slice(1)}`;

/** The outbox entity of a wearable (`badge:{mac}`, `wristband:{mac}`): its edits are sent in order. */
export const wearableEntity = (type: WearableType, mac: string): string => `${wearableWord(type)}:${mac}`;

/** What a screen does when the server has accepted a wearable edit (an assignment, an unassignment). */
export interface WearableEditListener<P> {
  /** Shows it in the screen's cached lists before their refetch confirms it. */
  sent?: (payload: P) => void;
  /** The screen's query keys to refetch. */
  invalidates?: readonly (readonly unknown[])[];
}

/** What a screen does when the server has accepted an unassignment. */
export type WearableUnassignListener = WearableEditListener<WearableUnassignPayload>;

const listeners = new Set<WearableUnassignListener>();

/** Adds a screen's listener (registered with the outbox handlers, when the shell starts). */
export function onWearableUnassigned(listener: WearableUnassignListener): void {
  listeners.add(listener);
}

/** The wearable's id: known, or looked up by MAC when the edit is sent (a badge added offline has none until then). */
export async function wearableIdOf(payload: Pick<WearableUnassignPayload, 'mac' | 'wearableId' | 'deviceType'>): Promise<number> {
  if (payload.wearableId !== null) return payload.wearableId;
  const found = await lookupMac(payload.mac);
  // A refusal the user can read in the outbox panel, then retry or discard.
  if (!found.device) throw new ApiError(404, `${wearableName(deviceTypeOf(payload))} ${payload.mac} does not exist.`, found);
  return found.device.id;
}

const handler: OutboxHandler<WearableUnassignPayload> = {
  async send(payload, { idempotencyKey }) {
    const wearableId = await wearableIdOf(payload);
    await unassignWearable({ userId: payload.user.id, wearableId, assignorId: payload.assignorId }, idempotencyKey);
    for (const listener of listeners) listener.sent?.(payload);
  },
  describe: (payload) => `Unassign ${wearableWord(deviceTypeOf(payload))} ${payload.mac} from ${userLabel(payload.user)}`,
  invalidates: () => [deviceKeys.histories(), userKeys.all, ...[...listeners].flatMap((listener) => listener.invalidates ?? [])],
};

/** Registers the unassignment with the outbox, under its type and the one earlier versions queued. */
export function registerWearableUnassignHandler(): void {
  registerOutboxHandler(WEARABLE_UNASSIGN, handler);
  registerOutboxHandler(BADGE_UNASSIGN_V1, handler);
}
