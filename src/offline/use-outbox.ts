import { useCallback } from 'react';
import { useSession } from '@/lib/session-context';
import { againIfClosed, offlineDb, type OutboxItem } from './db';
import { enqueueAll, type NewOutboxItem } from './outbox';
import { registerBackgroundSync, requestReplay } from './sync';
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
      // A connection the browser closed under the write loses nothing: the write is made again.
      const stored = await againIfClosed(() => enqueueAll(offlineDb(), items.map((item) => ({ ...item, userSub })), firstAt));
      if (navigator.onLine) requestReplay();
      else void registerBackgroundSync();
      return stored;
    },
    [userSub],
  );
}
