import type { WearableRow } from '@contracts/wearables-admin';
import { deviceTypeOf, type WearableUnassignPayload } from '@/entities/devices/wearable-unassign';
import type { OperationRow } from '@/entities/device-operations/operation-rows';
import type { OutboxItem } from '@/offline/db';

/** A wristband as the page shows it: its operations, and an unassignment still in this device's outbox. */
export type WristbandRow = OperationRow<WearableRow> & {
  /** 'pending': an unassignment not on the server yet; 'failed': the server refused it. */
  pending: 'pending' | 'failed' | null;
  pendingError: string | null;
};

/** The rows with the outbox's unassignments of wristbands applied: the holder is gone, marked pending. */
export function withUnassigns(rows: readonly OperationRow<WearableRow>[], edits: readonly OutboxItem<WearableUnassignPayload>[]): WristbandRow[] {
  const byMac = new Map<string, OutboxItem<WearableUnassignPayload>>();
  for (const edit of edits) if (deviceTypeOf(edit.payload) === 'WRISTBAND') byMac.set(edit.payload.mac, edit);
  return rows.map((row) => {
    const edit = byMac.get(row.mac);
    if (!edit) return { ...row, pending: null, pendingError: null };
    const failed = edit.status === 'failed';
    return { ...row, user: failed ? row.user : null, pending: failed ? 'failed' : 'pending', pendingError: failed ? edit.lastError : null };
  });
}

/** What the search matches: MAC (with or without colons), code, name and holder. */
export const wristbandText = (row: WristbandRow): string =>
  [row.mac, row.mac.replace(/:/g, ''), row.code ?? '', row.name, row.user ? `${row.user.firstName} ${row.user.lastName} ${row.user.userName}` : ''].join(' ');
