import type { PlanPoint } from '@contracts/paths';
import { registerOutboxHandler } from '@/offline/outbox';
import { addPath, pathKeys, removePath } from './api/paths-queries';

/** The outbox type of the Path Builder: one path added or removed. */
export const PATH_EDIT = 'path.edit';

/**
 * A path added (named by the client id the device gave it) or removed (by its server id, or by
 * its client id when it was added from this device and may not have reached the server yet).
 */
export type PathEdit = { op: 'add'; clientId: string; origin: PlanPoint; destination: PlanPoint } | { op: 'remove'; id: number | null; clientId: string | null };

/** A path edit of a location, as queued. */
export type PathEditPayload = { groupId: number; groupName: string } & PathEdit;

/** One location's path edits are sent in order: a path is added before it can be removed. */
export const pathEntity = (groupId: number) => `paths:${groupId}`;

/** Registers the path edit type with the outbox. */
export function registerPathOutboxHandlers(): void {
  registerOutboxHandler<PathEditPayload>(PATH_EDIT, {
    async send(payload, { idempotencyKey }) {
      if (payload.op === 'add') {
        const { clientId, origin, destination } = payload;
        await addPath(payload.groupId, { clientId, origin, destination }, idempotencyKey);
      } else {
        // A path removed meanwhile by someone else is gone either way: nothing to tell apart.
        await removePath(payload.groupId, payload.clientId !== null ? { clientId: payload.clientId } : { id: payload.id ?? 0 }, idempotencyKey);
      }
    },
    describe: (payload) => `${payload.op === 'add' ? 'Add a path' : 'Remove a path'} at ${payload.groupName}`,
    invalidates: (payload) => [pathKeys.list(payload.groupId)],
  });
}
