import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { z } from 'zod';
import { addressText } from '@/lib/address-search';
import { rootRoute } from './root';

// The pages live in their own chunk: the sign-in screen, the usual first screen, does not wait for them.
const pages = () => import('./public-auth-pages');

/** Forgot password; the sign-in screen's link carries the typed email. */
export const passwordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'password',
  validateSearch: z.object({ email: addressText }),
  component: lazyRouteComponent(pages, 'PasswordPage'),
});

const linkSearchSchema = z.object({ confirmation_code: addressText, username: addressText });

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
  validateSearch: z.object({ username: addressText, code: addressText }),
  component: lazyRouteComponent(pages, 'AccountAuthPage'),
});
