/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { registerOutboxBackgroundSync } from './background-sync';
import { registerMessageHandlers } from './messages';
import { registerShellPrecache } from './precache';
import { registerConfigCaching, registerFloorplanCaching } from './runtime-caching';

// Order matters: workbox routes match in registration order, and config.json must never be
// answered by the navigation fallback.
registerConfigCaching();
registerFloorplanCaching();
registerShellPrecache();
registerMessageHandlers();
registerOutboxBackgroundSync();

// The first install takes control at once so the very first visit already works offline;
// later updates wait for the user's Reload (SKIP_WAITING) instead.
clientsClaim();
