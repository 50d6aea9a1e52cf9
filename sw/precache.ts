/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import './sw-global';

// The build looks for the literal `self.__WB_MANIFEST`, so `self` is re-typed here rather than aliased.
declare const self: ServiceWorkerGlobalScope;

/** Paths whose navigations must reach the network (the API is never answered with the shell). */
const NAVIGATION_DENYLIST = [/^\/api(\/|$)/, /^\/config\.json$/];

/** Precaches the built shell and answers every app navigation with the precached index.html. */
export function registerShellPrecache(): void {
  precacheAndRoute(self.__WB_MANIFEST);
  cleanupOutdatedCaches();
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));
}
