import { createRoute, redirect } from '@tanstack/react-router';
import { guardAppEntry } from '@/app/access';
import { AppPage } from '@/app/app-page';
import { settleReportAddress } from '@/app/report-address';
import { APP_ROUTES, landingPath, type AppPath } from '@/app/route-table';
import { appRoute } from './app';

type RelativeAppPath = AppPath extends `/app/${infer Rest}` ? Rest : never;

/** /app itself goes to the landing page. */
export const appIndexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    throw redirect({ to: landingPath(context.session.role, context.session.accountType), replace: true });
  },
});

/** An unknown path under /app also goes to the landing page. */
export const appUnknownRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '$',
  beforeLoad: ({ context }) => {
    throw redirect({ to: landingPath(context.session.role, context.session.accountType), replace: true });
  },
});

/** One route per table entry, each guarded by its permission subjects and account types. */
export const appPageRoutes = APP_ROUTES.map((entry) =>
  createRoute({
    getParentRoute: () => appRoute,
    path: entry.path.slice('/app/'.length) as RelativeAppPath,
    beforeLoad: async ({ context, location, cause }) => {
      guardAppEntry(entry, context.session);
      await settleReportAddress(entry.path, context.session, location.search, cause !== 'stay');
    },
    component: () => <AppPage entry={entry} />,
  }),
);
