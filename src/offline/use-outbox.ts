import { useCallback } from 'react';
import { useSession } from '@/lib/session-context';
import { offlineDb, type OutboxItem } from './db';
import { enqueueAll, type NewOutboxItem } from './outbox';
import { registerBackgroundSync, requestReplay, sendQueuedNow } from './sync';
import { outboxUserOf } from './use-outbox-view';

export { outboxUserOf, useOutboxItems, usePendingEdits, useSyncStatus } from './use-outbox-view';

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
