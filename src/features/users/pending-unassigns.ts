import type { UserListRow } from '@contracts/user-list';
import { onWearableUnassigned, WEARABLE_UNASSIGN_TYPES, type WearableUnassignPayload } from '@/entities/devices/wearable-unassign';
import { queryClient } from '@/lib/query-client';
import type { OutboxItem } from '@/offline/db';
import { usePendingEdits } from '@/offline/use-outbox';
import { usersPageKeys } from '@/entities/users/api/users-api';

/** A queued unassignment of a user's wearable, as the Users table shows it. */
export type PendingUnassign = OutboxItem<WearableUnassignPayload>;

/** The signed-in user's queued unassignments (made here or on a wearable screen), by the user they are about; the newest wins. */
export function usePendingUnassigns(): ReadonlyMap<number, PendingUnassign> {
  const edits = usePendingEdits<WearableUnassignPayload>(WEARABLE_UNASSIGN_TYPES);
  return new Map(edits.map((edit) => [edit.payload.user.id, edit]));
}

/** The Users lists' part in an accepted unassignment: the user's Device shows empty at once, before the refetch confirms it. */
export function registerUsersOutboxListeners(): void {
  onWearableUnassigned({
    sent: (payload) => {
      for (const [key, rows] of queryClient.getQueriesData<UserListRow[]>({ queryKey: usersPageKeys.all })) {
        if (!rows) continue;
        queryClient.setQueryData<UserListRow[]>(
          key,
          rows.map((row) => (row.id === payload.user.id && row.device?.mac === payload.mac ? { ...row, device: null } : row)),
        );
      }
    },
  });
}
