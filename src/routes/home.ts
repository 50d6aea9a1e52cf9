import { createRoute, redirect } from '@tanstack/react-router';
import { getSession } from '@/lib/auth';
import { rootRoute } from './root';

/** `/`: where denied routes send people; signed in → /app (its landing page), else /auth. */
export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: async () => {
    throw redirect({ to: (await getSession()) ? '/app' : '/auth', replace: true });
  },
});

/** Any path the table does not know goes to /auth (which forwards signed-in visitors to /app). */
export const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/auth', replace: true });
  },
});
