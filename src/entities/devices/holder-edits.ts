import type { PendingState } from '@/components/pending-mark';
import type { OutboxItem } from '@/offline/db';
import { WEARABLE_ASSIGN_TYPES, type WearableAssignPayload } from './wearable-assign';
import { WEARABLE_UNASSIGN_TYPES, type WearableUnassignPayload, type WearableUser } from './wearable-unassign';

// How a list of wearables shows the assignments and unassignments still in this device's outbox.

/** The outbox types that change who holds a wearable: assignments and unassignments, with those earlier versions queued. */
export const HOLDER_EDIT_TYPES = [...WEARABLE_ASSIGN_TYPES, ...WEARABLE_UNASSIGN_TYPES] as const;

/** A queued assignment or unassignment. */
export type HolderEdit = OutboxItem<WearableAssignPayload | WearableUnassignPayload>;

/** A row of a wearables list: its holder, and where a queued change of holder stands. */
export interface HolderRow {
  mac: string;
  user: WearableUser | null;
  /** 'pending': a queued change not on the server yet; 'failed': the server refused one (see `pendingError`). */
  pending: PendingState;
  pendingError: string | null;
}

const isAssignment = (edit: HolderEdit): edit is OutboxItem<WearableAssignPayload> => (WEARABLE_ASSIGN_TYPES as readonly string[]).includes(edit.type);

const markPending = <R extends HolderRow>(row: R): R => (row.pending ? row : { ...row, pending: 'pending' });

/**
 * Shows one queued edit on the rows, in place (the caller applies them oldest first): an
 * assignment's new holder, marked pending, freeing the wearable that user held before as the
 * server does; an unassignment's empty holder. A refused edit changes nothing but marks its row
 * 'failed' with the server's message.
 */
export function applyHolderEdit<R extends HolderRow>(rows: R[], edit: HolderEdit): void {
  const { mac } = edit.payload;
  const change = (index: number, update: (row: R) => R) => {
    const row = rows[index];
    if (row) rows[index] = update(row);
  };
  const at = rows.findIndex((row) => row.mac === mac);
  if (edit.status === 'failed') {
    change(at, (row) => ({ ...row, pending: 'failed', pendingError: edit.lastError }));
    return;
  }
  if (!isAssignment(edit)) {
    change(at, (row) => markPending({ ...row, user: null }));
    return;
  }
  const { user } = edit.payload;
  rows.forEach((row, index) => {
    if (row.mac !== mac && row.user?.id === user.id) change(index, (r) => markPending({ ...r, user: null }));
  });
  change(at, (row) => markPending({ ...row, user }));
}
