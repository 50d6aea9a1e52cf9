/* global self, caches */
/**
 * Kill switch: a self-destroying service worker, kept ready for the day a broken worker ships.
 *
 * To deploy: serve this file as /sw.js (e.g. copy it over dist/sw.js after a build, or point
 * the server's /sw.js route at it) with `Cache-Control: no-cache`. Browsers re-check /sw.js on
 * every navigation; this worker installs at once, deletes every cache, unregisters itself and
 * reloads open tabs, which then load straight from the network with no worker at all.
 * Remove it again (ship the normal build) once the fix is out.
 */
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keys = await caches.keys();
      await Promise.all(keys.map((key) => caches.delete(key)));
      await self.registration.unregister();
      const windows = await self.clients.matchAll({ type: 'window' });
      for (const client of windows) client.navigate(client.url);
    })(),
  );
});
