import type { RuntimeConfig } from '@contracts/config';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { appStylesApplied } from './app-styles';
import { AppProviders } from './providers';
import { createAppRouter } from './router';
import { StartupError } from './startup-error';
import { showUpdateNotice } from './update-notice';
import { configureAuth } from '@/lib/auth';
import { loadConfig } from '@/lib/config';
import { crashReports, installCrashReports } from '@/lib/crash-reports';
import { startSentry } from '@/lib/sentry';
import { nextTask } from '@/lib/after-paint';
import { registerServiceWorker } from '@/lib/pwa';
import { queryClient, startQueryPersistence } from '@/lib/query-client';

/** Starts the app in the page's #root: configuration, cached data, the first route, the first render. */
export async function startApp(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const root = createRoot(container);

  // Registered before anything can fail, so the shell is cached even if this start does not succeed.
  registerServiceWorker({ onUpdateReady: showUpdateNotice });
  // From here on, a promise nobody handles is reported (render and route failures are reported where they are caught).
  installCrashReports();
  // Nothing renders before the styles apply; they load beside the configuration and the cache.
  const styles = appStylesApplied();

  let config: RuntimeConfig;
  try {
    config = await loadConfig();
    configureAuth(config);
    // Each step in a task of its own: reading the cache and the first render are long enough.
    await nextTask();
    // The browser loads its locale data on the first date or number formatted (some 20 ms on a
    // desktop): here, alone, rather than inside the first render that shows a date.
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
    await nextTask();
    // Restored before the first route loads, so an offline start finds the last session's data.
    await startQueryPersistence(queryClient);
    await styles;
    await nextTask();
  } catch (error) {
    await styles;
    root.render(
      <AppProviders queryClient={queryClient}>
        <StartupError message={error instanceof Error ? error.message : 'Unknown error.'} />
      </AppProviders>,
    );
    return;
  }

  const router = createAppRouter({ queryClient });
  // The first route resolves (guards, session, route code) before React renders: the first render
  // then draws the finished screen once, instead of redrawing it synchronously as each step lands.
  // (The router keeps a failed load's error for the route's error screen, and follows redirects.)
  await router.load().catch(() => {});
  await nextTask();
  // A transition, so React renders the first screen in short slices instead of one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
  // Sentry, when configured, loads after the first screen, in a chunk of its own.
  setTimeout(() => void startSentry(config, { reporter: crashReports, router }).catch(() => {}), 0);
}

