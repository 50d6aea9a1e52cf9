import type { WearableRow } from '@contracts/wearables';
import { applyHolderEdit, type HolderEdit } from '@/entities/devices/holder-edits';
import { deviceTypeOf } from '@/entities/devices/wearable-unassign';
import type { OperationRow } from '@/entities/device-operations/operation-rows';

/** A wristband as the page shows it: its operations, and an assignment or unassignment still in this device's outbox. */
export type WristbandRow = OperationRow<WearableRow> & {
  /** 'pending': an assignment or unassignment not on the server yet; 'failed': the server refused one. */
  pending: 'pending' | 'failed' | null;
  pendingError: string | null;
};

/**
 * The rows with the outbox's assignments and unassignments of wristbands applied, oldest first:
 * an assignment shows its new holder (and frees the wristband that user had, as the server does),
 * an unassignment no holder, each marked pending; a refused one leaves the holder, marked failed.
 */
export function withAssignmentEdits(rows: readonly OperationRow<WearableRow>[], edits: readonly HolderEdit[]): WristbandRow[] {
  const shown: WristbandRow[] = rows.map((row) => ({ ...row, pending: null, pendingError: null }));
  for (const edit of [...edits].sort((a, b) => a.createdAt - b.createdAt)) {
    if (deviceTypeOf(edit.payload) === 'WRISTBAND') applyHolderEdit(shown, edit);
  }
  return shown;
}

/** What the search matches: MAC (with or without colons), code, name and holder. */
export const wristbandText = (row: WristbandRow): string =>
  [row.mac, row.mac.replace(/:/g, ''), row.code ?? '', row.name, row.user ? `${row.user.firstName} ${row.user.lastName} ${row.user.userName}` : ''].join(' ');
