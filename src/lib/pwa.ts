import type { Workbox } from 'workbox-window';

/** What the page wants to hear from the service worker. */
export interface ServiceWorkerHooks {
  /** A new version is installed and waiting; call `activate` to switch to it (the page reloads). */
  onUpdateReady: (activate: () => void) => void;
}

/** How long after the page's load event the service worker is registered. */
const REGISTER_AFTER_LOAD_MS = 1_000;

/** Registers /sw.js (production builds only) and reports waiting updates. */
export function registerServiceWorker({ onUpdateReady }: ServiceWorkerHooks): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Registering can wait: the first screen's own code downloads and runs first.
  const register = () =>
    setTimeout(
      () => void import('workbox-window').then(({ Workbox }) => watchServiceWorker(new Workbox('/sw.js', { scope: '/' }), onUpdateReady)),
      REGISTER_AFTER_LOAD_MS,
    );
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

function watchServiceWorker(wb: Workbox, onUpdateReady: ServiceWorkerHooks['onUpdateReady']): void {
  wb.addEventListener('waiting', () => {
    onUpdateReady(() => {
      // Reload only once the new worker controls the page, so the reload gets the new shell.
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });

  wb.register().then(
    (registration) => {
      // Long-lived tablet sessions: look for a new version every hour, not only on navigation.
      if (registration) setInterval(() => void registration.update(), 60 * 60 * 1000);
    },
    // A browser that refuses service workers (a private window, a policy) still runs the app online.
    (error: unknown) => console.warn('The app could not be installed for offline use:', error),
  );
}
