import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { afterNextPaint } from '@/lib/after-paint';
import { theme } from './theme';

// The toast container loads once the first screen is drawn instead of before it; a toast shown
// before it arrives waits in the notifications store and appears once it mounts.
const ToastContainer = lazy(() => import('./toast-container'));

/** Theme, toasts and server-state cache around everything. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const [toastsWanted, setToastsWanted] = useState(false);
  useEffect(() => afterNextPaint(() => setToastsWanted(true)), []);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {toastsWanted && (
        <Suspense fallback={null}>
          <ToastContainer />
        </Suspense>
      )}
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
