import { createRoute, Outlet, redirect } from '@tanstack/react-router';
import { AppLayout } from '@/app/shell/app-layout';
import { CenteredSpinner } from '@/components/centered-spinner';
import { loadSessionData } from '@/features/session/load-session';
import { getSession } from '@/lib/auth';
import { SessionProvider } from '@/lib/session-context';
import { rootRoute } from './root';

/** /app: the signed-in area. No session → /auth; otherwise bootstrap and role are loaded first. */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'app',
  beforeLoad: async ({ context }) => {
    const session = await getSession();
    if (!session) throw redirect({ to: '/auth', replace: true });
    return { session: await loadSessionData(context.queryClient, session) };
  },
  pendingComponent: () => <CenteredSpinner label="Loading your workspace…" />,
  pendingMs: 0,
  // Cached sessions load in a few ms: no need to hold the spinner on screen for the default 500 ms.
  pendingMinMs: 0,
  component: AppRouteComponent,
});

function AppRouteComponent() {
  const { session } = appRoute.useRouteContext();
  return (
    <SessionProvider value={session}>
      <AppLayout>
        <Outlet />
      </AppLayout>
    </SessionProvider>
  );
}
