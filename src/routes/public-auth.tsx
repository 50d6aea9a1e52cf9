import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { rootRoute } from './root';
import { searchText } from './search-text';

// The pages live in their own chunk: the sign-in screen, the usual first screen, does not wait for them.
const pages = () => import('./public-auth-pages');

/** Forgot password; the sign-in screen's link carries the typed email. */
export const passwordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'password',
  validateSearch: z.object({ email: searchText }),
  component: lazyRouteComponent(pages, 'PasswordPage'),
});

const linkSearchSchema = z.object({ confirmation_code: searchText, username: searchText });

/** Create New Password from a reset link. */
export const resetRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset',
  validateSearch: linkSearchSchema,
  component: lazyRouteComponent(pages, 'ResetPage'),
});

/** Setup Your Account: after a temporary-password sign-in, or from a setup link. */
export const accountSetupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'account-setup',
  validateSearch: linkSearchSchema,
  component: lazyRouteComponent(pages, 'AccountSetupPage'),
});

/** Authenticate Your Account: the confirmation code, from the sign-in screen or an emailed link. */
export const accountAuthRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'account-auth',
  validateSearch: z.object({ username: searchText, code: searchText }),
  component: lazyRouteComponent(pages, 'AccountAuthPage'),
});
