import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { sw } from './sw-global';

/** Cache holding the last good /config.json. */
export const CONFIG_CACHE = 'lavo-runtime-config';

/**
 * Caches /config.json network-first: a fresh copy when online (pool ids change when the
 * identity provider is recreated), the last good copy when offline so the shell still starts.
 */
export function registerConfigCaching(): void {
  // The page fetched /config.json before this worker existed, so put a copy in the cache at
  // install time: the very first offline reload needs it.
  sw.addEventListener('install', (event) => {
    event.waitUntil(
      caches
        .open(CONFIG_CACHE)
        .then((cache) => cache.add(new Request('/config.json', { cache: 'no-store' })))
        .catch(() => undefined),
    );
  });
  registerRoute(
    ({ url, request }) => url.origin === sw.location.origin && url.pathname === '/config.json' && request.method === 'GET',
    new NetworkFirst({
      cacheName: CONFIG_CACHE,
      networkTimeoutSeconds: 4,
      plugins: [new ExpirationPlugin({ maxEntries: 1 })],
    }),
  );
}
