import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { AppErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';
import type { AppRouter } from './router';
import { useSignedOutRedirect } from './use-signed-out-redirect';

/** The whole app: providers, crash boundary, router. */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  useSignedOutRedirect(router);
  return (
    <AppProviders queryClient={queryClient}>
      <AppErrorBoundary>
        <RouterProvider router={router} />
      </AppErrorBoundary>
    </AppProviders>
  );
}
