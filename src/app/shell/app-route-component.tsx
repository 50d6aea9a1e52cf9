import { useQuery } from '@tanstack/react-query';
import { Outlet, useRouteContext } from '@tanstack/react-router';
import { useMemo } from 'react';
import { meQueryOptions } from '@/features/session/api/get-me';
import { SessionProvider } from '@/lib/session-context';
import { AppLayout } from './app-layout';

/**
 * /app's component: the loaded session for every page, inside the shell. The role follows the
 * latest /users/me answer, so a template changed by an administrator shows in the menus as soon
 * as it is read again (at every start and when the window regains focus), not at the next sign-in.
 */
export default function AppRouteComponent() {
  const { session } = useRouteContext({ from: '/app' });
  const me = useQuery({ ...meQueryOptions(session.me.userName), initialData: session.me });
  const current = useMemo(() => (me.data === session.me ? session : { ...session, me: me.data, role: me.data.role }), [me.data, session]);
  return (
    <SessionProvider value={current}>
      <AppLayout>
        <Outlet />
      </AppLayout>
    </SessionProvider>
  );
}
