import type { CurrentUser } from '@contracts/entities';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useSession } from '@/lib/session-context';
import type { OutboxItem } from './db';
import { offlineStorageAvailable } from './storage-available';
import { subscribeSyncStatus, syncStatus, type SyncStatus } from './sync';

// What the shell shows of the outbox. IndexedDB's library (Dexie) loads only once a view reads the
// queue, so the first screen of a visit does not wait for it.

/** Whose queue an item belongs to: the identity provider's subject, else the account id. */
export function outboxUserOf(user: Pick<CurrentUser, 'id' | 'cognitoId'>): string {
  return user.cognitoId ?? `user-${user.id}`;
}

/** While a queue drains, screens re-read it at most this often (not once per sent item). */
const QUEUE_VIEW_THROTTLE_MS = 250;

/** The signed-in user's queue, oldest first, kept current as items are added, sent or refused (undefined while loading). */
export function useOutboxItems(): OutboxItem[] | undefined {
  const userSub = outboxUserOf(useSession().user);
  const [items, setItems] = useState<OutboxItem[] | undefined>(undefined);
  useEffect(() => {
    if (!offlineStorageAvailable()) {
      setItems([]);
      return;
    }
    let cancelled = false;
    let unsubscribe = () => {};
    let latest: OutboxItem[] = [];
    let timer: ReturnType<typeof setTimeout> | undefined;
    let first = true;
    const show = (next: OutboxItem[]) => {
      latest = next;
      if (first) {
        first = false;
        setItems(next);
        return;
      }
      // A replay deletes items one by one: show the latest state a few times a second instead.
      timer ??= setTimeout(() => {
        timer = undefined;
        setItems(latest);
      }, QUEUE_VIEW_THROTTLE_MS);
    };
    Promise.all([import('dexie'), import('./db')])
      .then(([{ liveQuery }, { offlineDb }]) => {
        if (cancelled) return;
        const db = offlineDb();
        const subscription = liveQuery(() =>
          db.outbox.where('[userSub+createdAt]').between([userSub, -Infinity], [userSub, Infinity]).toArray(),
        ).subscribe({ next: show, error: () => setItems([]) });
        unsubscribe = () => subscription.unsubscribe();
      })
      // Offline before the code was cached: nothing can have been queued on this device yet.
      .catch(() => !cancelled && setItems([]));
    return () => {
      cancelled = true;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [userSub]);
  return items;
}

/** Items of the given types still queued for the signed-in user (lists show them as pending rows). */
export function usePendingEdits<P>(types: readonly string[]): OutboxItem<P>[] {
  const items = useOutboxItems();
  const key = types.join('|');
  return (items ?? []).filter((item) => key.split('|').includes(item.type)) as OutboxItem<P>[];
}

/** The replay's state, re-rendered on change. */
export function useSyncStatus(): SyncStatus {
  return useSyncExternalStore(subscribeSyncStatus, syncStatus, syncStatus);
}
