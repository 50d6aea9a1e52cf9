import { sw } from './sw-global';

// What the page and this worker say to each other. The page imports this file as well
// (src/offline/sync.ts), so both ends name the same messages and the same sync tag.

/** The tag of the outbox's Background Sync: the page registers it, the worker answers it with REPLAY_OUTBOX. */
export const OUTBOX_SYNC_TAG = 'lavo-outbox';

/**
 * Every message the page may post to the worker. The page sends SKIP_WAITING through
 * workbox-window's `messageSkipWaiting()` (src/lib/pwa.ts), which posts exactly this message.
 */
export type SwMessage = { type: 'SKIP_WAITING' };

/** Every message the worker may post to its pages: REPLAY_OUTBOX asks a page to send its outbox now. */
export type PageMessage = { type: 'REPLAY_OUTBOX' };

const SW_MESSAGE_TYPES: ReadonlySet<string> = new Set(['SKIP_WAITING'] satisfies SwMessage['type'][]);
const PAGE_MESSAGE_TYPES: ReadonlySet<string> = new Set(['REPLAY_OUTBOX'] satisfies PageMessage['type'][]);

function hasTypeIn(data: unknown, types: ReadonlySet<string>): boolean {
  if (typeof data !== 'object' || data === null || !('type' in data)) return false;
  const { type } = data as { type: unknown };
  return typeof type === 'string' && types.has(type);
}

/** Whether a message the worker received is one the page may send. */
export function isSwMessage(data: unknown): data is SwMessage {
  return hasTypeIn(data, SW_MESSAGE_TYPES);
}

/** Whether a message a page received from its worker is one the worker may send. */
export function isPageMessage(data: unknown): data is PageMessage {
  return hasTypeIn(data, PAGE_MESSAGE_TYPES);
}

/** Handles the page's messages; SKIP_WAITING activates a waiting update when the user chose Reload. */
export function registerMessageHandlers(): void {
  sw.addEventListener('message', (event) => {
    if (!isSwMessage(event.data)) return;
    switch (event.data.type) {
      case 'SKIP_WAITING':
        void sw.skipWaiting();
        break;
    }
  });
}
