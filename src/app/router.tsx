import type { QueryClient } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent, parseSearchWith, type RouterHistory, stringifySearchWith } from '@tanstack/react-router';
import { CenteredSpinner } from '@/components/centered-spinner';
import { addressJson, addressValueText } from '@/lib/address-search';
import { setAppShell } from '@/routes/app-route';
import { routeTree } from '@/routes/route-tree';
import { RouteError } from './route-error';

// The shell (navigation, live updates) is its own chunk: the sign-in screen does not wait for it.
const shell = lazyRouteComponent(() => import('./shell/app-route-component'));

/** Builds the app router (tests pass a memory history). */
export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  setAppShell(shell);
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    // Id lists are written '3,5' and text as it is, as the pages' address schemas read them
    // (src/lib/address-search.ts): a code stays 123456 in the address, not "123456".
    parseSearch: parseSearchWith(addressJson),
    stringifySearch: stringifySearchWith(addressValueText, addressJson),
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
