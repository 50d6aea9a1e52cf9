import type { CurrentUser } from '@contracts/entities';
import { liveQuery } from 'dexie';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useSession } from '@/lib/session-context';
import { offlineDb, type OutboxItem } from './db';
import { enqueue, type NewOutboxItem } from './outbox';
import { registerBackgroundSync, requestReplay, subscribeSyncStatus, syncStatus, type SyncStatus } from './sync';

/** Whose queue an item belongs to: the identity provider's subject, else the account id. */
export function outboxUserOf(user: Pick<CurrentUser, 'id' | 'cognitoId'>): string {
  return user.cognitoId ?? `user-${user.id}`;
}

/** The signed-in user's queue, oldest first, kept current as items are added, sent or refused (undefined while loading). */
export function useOutboxItems(): OutboxItem[] | undefined {
  const userSub = outboxUserOf(useSession().user);
  const [items, setItems] = useState<OutboxItem[] | undefined>(undefined);
  useEffect(() => {
    const db = offlineDb();
    const subscription = liveQuery(() =>
      db.outbox.where('[userSub+createdAt]').between([userSub, -Infinity], [userSub, Infinity]).toArray(),
    ).subscribe({ next: setItems, error: () => setItems([]) });
    return () => subscription.unsubscribe();
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

/** The last createdAt given out: strictly increasing, so two edits never tie in the replay order. */
let lastQueuedAt = 0;

/**
 * Queues edits for the signed-in user and asks for them to be sent (at once when online; when
 * offline, on reconnect or from the service worker's background sync).
 */
export function useQueueEdit(): <P>(items: Omit<NewOutboxItem<P>, 'userSub'>[]) => Promise<OutboxItem<P>[]> {
  const userSub = outboxUserOf(useSession().user);
  return useCallback(
    async <P,>(items: Omit<NewOutboxItem<P>, 'userSub'>[]) => {
      const db = offlineDb();
      const stored: OutboxItem<P>[] = [];
      for (const item of items) {
        lastQueuedAt = Math.max(Date.now(), lastQueuedAt + 1);
        stored.push(await enqueue(db, { ...item, userSub }, lastQueuedAt));
      }
      if (navigator.onLine) requestReplay();
      else void registerBackgroundSync();
      return stored;
    },
    [userSub],
  );
}
