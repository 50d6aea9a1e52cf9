import type { CurrentUser } from '@contracts/entities';
import { liveQuery } from 'dexie';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useSession } from '@/lib/session-context';
import { offlineDb, offlineStorageAvailable, type OutboxItem } from './db';
import { enqueueAll, type NewOutboxItem } from './outbox';
import { registerBackgroundSync, requestReplay, sendQueuedNow, subscribeSyncStatus, syncStatus, type SyncStatus } from './sync';

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
    const db = offlineDb();
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
    const subscription = liveQuery(() =>
      db.outbox.where('[userSub+createdAt]').between([userSub, -Infinity], [userSub, Infinity]).toArray(),
    ).subscribe({ next: show, error: () => setItems([]) });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
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
      const firstAt = Math.max(Date.now(), lastQueuedAt + 1);
      lastQueuedAt = firstAt + items.length - 1;
      const stored = await enqueueAll(offlineDb(), items.map((item) => ({ ...item, userSub })), firstAt);
      if (navigator.onLine) requestReplay();
      else void registerBackgroundSync();
      return stored;
    },
    [userSub],
  );
}

/** What became of edits submitted together. */
export interface EditOutcome<P> {
  /** The device was offline: everything is queued and goes out when the connection is back. */
  offline: boolean;
  total: number;
  /** Accepted by the server. */
  sent: OutboxItem<P>[];
  /** Refused by the server, each with its message; they stay in the outbox for Retry or Discard. */
  refused: OutboxItem<P>[];
  /** Not sent yet (the server could not be reached); they go out on the next attempt. */
  waiting: OutboxItem<P>[];
}

/** Where each queued item stands after a replay. */
export async function outcomeOf<P>(items: OutboxItem<P>[], offline: boolean): Promise<EditOutcome<P>> {
  const outcome: EditOutcome<P> = { offline, total: items.length, sent: [], refused: [], waiting: [] };
  const db = offlineDb();
  for (const item of items) {
    const stored = (await db.outbox.get(item.id)) as OutboxItem<P> | undefined;
    if (!stored) outcome.sent.push(item);
    else if (stored.status === 'failed') outcome.refused.push(stored);
    else outcome.waiting.push(stored);
  }
  return outcome;
}

/**
 * Queues edits and, when online, waits for them to be sent, answering what became of each: the
 * screen can then say '{ok}/{total} imported' as it would after a direct request, while offline
 * the same edits simply wait in the outbox.
 */
export function useSubmitEdits(): <P>(items: Omit<NewOutboxItem<P>, 'userSub'>[]) => Promise<EditOutcome<P>> {
  const queueEdits = useQueueEdit();
  return useCallback(
    async <P,>(items: Omit<NewOutboxItem<P>, 'userSub'>[]) => {
      const stored = await queueEdits(items);
      if (!navigator.onLine) return outcomeOf(stored, true);
      await sendQueuedNow();
      return outcomeOf(stored, false);
    },
    [queueEdits],
  );
}
