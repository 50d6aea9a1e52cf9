import { Outlet, useRouteContext } from '@tanstack/react-router';
import { SessionProvider } from '@/lib/session-context';
import { AppLayout } from './app-layout';

/** /app's component: the loaded session for every page, inside the shell. */
export default function AppRouteComponent() {
  const { session } = useRouteContext({ from: '/app' });
  return (
    <SessionProvider value={session}>
      <AppLayout>
        <Outlet />
      </AppLayout>
    </SessionProvider>
  );
}
