import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { CenteredSpinner } from '@/components/centered-spinner';
import { RouteError } from './route-error';
import { routeTree } from './route-tree';

/** Builds the app router (tests pass a memory history). */
export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultErrorComponent: RouteError,
    defaultPendingComponent: () => <CenteredSpinner />,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
