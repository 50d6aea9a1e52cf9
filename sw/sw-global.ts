/// <reference lib="webworker" />
import type { PrecacheEntry } from 'workbox-precaching';

declare global {
  interface ServiceWorkerGlobalScope {
    /** Replaced at build time by vite-plugin-pwa with the list of shell files. */
    __WB_MANIFEST: Array<PrecacheEntry | string>;
  }
}

/** The worker's global scope, typed (the tsconfig also carries the DOM lib, where `self` is a Window). */
export const sw = self as unknown as ServiceWorkerGlobalScope;
