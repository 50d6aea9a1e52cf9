import type { QueryKey } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { onWearableAssigned } from './wearable-assign';
import { onWearableUnassigned, type WearableUser } from './wearable-unassign';

// How a screen's cached lists of wearables follow the assignments and unassignments the server
// accepts: at once, before their refetch confirms it.

/** A cached row of a wearables list: the wearable and its holder. */
interface HeldRow {
  mac: string;
  user: WearableUser | null;
}

/**
 * The rows with the wearable `mac` held by `user` (null: by nobody). The wearable `user` held
 * before is freed, as the server does: a user holds one wearable of any kind, so a wristband
 * given to a badge's holder frees the badge.
 */
export function withHolder<R extends HeldRow>(rows: readonly R[], mac: string, user: WearableUser | null): R[] {
  return rows.map((row) => {
    if (row.mac === mac) return { ...row, user };
    if (user && row.user?.id === user.id) return { ...row, user: null };
    return row;
  });
}

function patchHolder(lists: QueryKey, mac: string, user: WearableUser | null): void {
  for (const [key, rows] of queryClient.getQueriesData<HeldRow[]>({ queryKey: lists })) {
    if (rows) queryClient.setQueryData<HeldRow[]>(key, withHolder(rows, mac, user));
  }
}

/**
 * Registers a screen's lists (every cached list under `lists`) with the assignment and
 * unassignment handlers: an accepted assignment shows its new holder in them at once, an accepted
 * unassignment no holder, and then the lists are refetched.
 */
export function followHolderChanges(lists: QueryKey): void {
  onWearableAssigned({ sent: (payload) => patchHolder(lists, payload.mac, payload.user), invalidates: [lists] });
  onWearableUnassigned({ sent: (payload) => patchHolder(lists, payload.mac, null), invalidates: [lists] });
}
