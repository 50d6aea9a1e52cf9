import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
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

/** Cache of floor-plan images. */
export const FLOORPLAN_CACHE = 'lavo-floorplans';

/** Generated plans (static files) and uploaded ones (served by the API under an address naming their content). */
const UPLOADED_PLAN = /^\/api\/groups\/\d+\/floorplan\/[^/]+$/;
const isFloorplanPath = (pathname: string) => pathname.startsWith('/floorplans/') || UPLOADED_PLAN.test(pathname);

/**
 * Floor plans are cache-first: they rarely change and a technician on a ward without signal
 * still needs the map of a location opened before. A changed plan gets a new address.
 */
export function registerFloorplanCaching(): void {
  registerRoute(
    ({ url, request }) => url.origin === sw.location.origin && isFloorplanPath(url.pathname) && request.method === 'GET',
    new CacheFirst({
      cacheName: FLOORPLAN_CACHE,
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600 })],
    }),
  );
}
