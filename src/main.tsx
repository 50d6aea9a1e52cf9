import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/touch.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { appStylesApplied } from './app/app-styles';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { StartupError } from './app/startup-error';
import { showUpdateNotice } from './app/update-notice';
import { configureAuth } from './lib/auth';
import { loadConfig } from './lib/config';
import { nextTask } from './lib/after-paint';
import { registerServiceWorker } from './lib/pwa';
import { queryClient, startQueryPersistence } from './lib/query-client';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const root = createRoot(container);

  // Registered before anything can fail, so the shell is cached even if this start does not succeed.
  registerServiceWorker({ onUpdateReady: showUpdateNotice });
  // Nothing renders before the styles apply; they load beside the configuration and the cache.
  const styles = appStylesApplied();

  try {
    const config = await loadConfig();
    configureAuth(config);
    // Each step in a task of its own: reading the cache and the first render are long enough.
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
  // A transition, so React renders the first screen in short slices instead of one long task.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    );
  });
}

void start();
