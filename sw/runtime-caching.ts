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
  registerRoute(
    ({ url, request }) => url.origin === sw.location.origin && url.pathname === '/config.json' && request.method === 'GET',
    new NetworkFirst({
      cacheName: CONFIG_CACHE,
      networkTimeoutSeconds: 4,
      plugins: [new ExpirationPlugin({ maxEntries: 1 })],
    }),
  );
}
