import { appRoute } from '@/routes/app';
import { appIndexRoute, appPageRoutes, appUnknownRoute } from '@/routes/app-pages';
import { authRoute } from '@/routes/auth';
import { homeRoute, notFoundRoute } from '@/routes/home';
import { accountAuthRoute, accountSetupRoute, passwordRoute, resetRoute } from '@/routes/public-auth';
import { rootRoute } from '@/routes/root';

/** The one route tree: public screens, the guarded /app area (from the route table), and the catch-all. */
export const routeTree = rootRoute.addChildren([
  homeRoute,
  authRoute,
  passwordRoute,
  resetRoute,
  accountSetupRoute,
  accountAuthRoute,
  appRoute.addChildren([appIndexRoute, ...appPageRoutes, appUnknownRoute]),
  notFoundRoute,
]);
