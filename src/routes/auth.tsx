import { createRoute, redirect, useNavigate } from '@tanstack/react-router';
import { SignInScreen } from '@/features/auth/components/sign-in-screen';
import { getSession } from '@/lib/auth';
import { clearQueryData } from '@/lib/query-client';
import { rootRoute } from './root';

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'auth',
  beforeLoad: async () => {
    if (await getSession()) throw redirect({ to: '/app', replace: true });
  },
  component: AuthPage,
});

function AuthPage() {
  const navigate = useNavigate();
  return (
    <SignInScreen
      onSignedIn={async () => {
        // Whatever was cached belonged to the previous session.
        await clearQueryData();
        await navigate({ to: '/app', replace: true });
      }}
    />
  );
}
