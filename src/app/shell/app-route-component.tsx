import { useQuery } from '@tanstack/react-query';
import { Outlet, useRouteContext } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { bootstrapQueryOptions } from '@/features/session/api/get-bootstrap';
import { meQueryOptions } from '@/features/session/api/get-me';
import { crashReports } from '@/lib/crash-reports';
import { SessionProvider } from '@/lib/session-context';
import { AppLayout } from './app-layout';

/**
 * /app's component: the loaded session for every page, inside the shell. The session follows the
 * latest answers of /users/me and /bootstrap: a template changed by an administrator shows in the
 * menus as soon as the role is read again (at every start and when the window regains focus), and
 * the user's own new name or photo as soon as My Account has saved it.
 */
export default function AppRouteComponent() {
  const { session } = useRouteContext({ from: '/app' });
  const me = useQuery({ ...meQueryOptions(session.me.userName), initialData: session.me });
  const bootstrap = useQuery({ ...bootstrapQueryOptions(session.me.userName), initialData: session.bootstrap });
  const current = useMemo(
    () =>
      me.data === session.me && bootstrap.data === session.bootstrap
        ? session
        : { ...session, me: me.data, role: me.data.role, bootstrap: bootstrap.data, user: bootstrap.data.user, accountType: bootstrap.data.user.organization.accountType },
    [me.data, bootstrap.data, session],
  );
  // A crash report says whose app it was (the id alone; the server believes the token).
  const userId = current.user.id;
  useEffect(() => {
    crashReports.setUser(userId);
    return () => crashReports.setUser(null);
  }, [userId]);
  return (
    <SessionProvider value={current}>
      <AppLayout>
        <Outlet />
      </AppLayout>
    </SessionProvider>
  );
}
