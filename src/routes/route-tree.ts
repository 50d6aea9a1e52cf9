import { appRoute } from '@/routes/app-route';
import { appIndexRoute, appPageRoutes, appUnknownRoute } from './app-pages';
import { authRoute } from './auth';
import { homeRoute, notFoundRoute } from './home';
import { accountAuthRoute, accountSetupRoute, passwordRoute, resetRoute } from './public-auth';
import { rootRoute } from './root';

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
