import { OUTBOX_SYNC_TAG, type PageMessage } from './messages';
import { sw } from './sw-global';

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/**
 * Background Sync, where the browser has it: once the network is back the browser wakes this
 * worker, which asks every open page to send its outbox. The queue needs the signed-in user's
 * tokens, which only the page holds, so the page does the sending; a page opened later sends it
 * on start.
 */
export function registerOutboxBackgroundSync(): void {
  sw.addEventListener('sync', ((event: SyncEvent) => {
    if (event.tag !== OUTBOX_SYNC_TAG) return;
    event.waitUntil(
      sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
        for (const client of clients) client.postMessage({ type: 'REPLAY_OUTBOX' } satisfies PageMessage);
      }),
    );
  }) as EventListener);
}
