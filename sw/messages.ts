import { sw } from './sw-global';

/** Every message the page may post to the worker. */
export type SwMessage = { type: 'SKIP_WAITING' };

function isSwMessage(data: unknown): data is SwMessage {
  return typeof data === 'object' && data !== null && 'type' in data && (data as { type: unknown }).type === 'SKIP_WAITING';
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
