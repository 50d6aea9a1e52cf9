import { createRoute, redirect } from '@tanstack/react-router';
import type { AddressSchema } from '@/lib/address-search';
import { guardAppEntry } from './access';
import { appRoute } from '@/routes/app-route';
import { AppPage } from './app-page';
import { settleReportAddress } from './report-address';
import { APP_ROUTES, type AppPath, type AppRouteEntry, landingPath } from './route-table';

type Rows = typeof APP_ROUTES;
type RelativePath<P extends AppPath> = P extends `/app/${infer Rest}` ? Rest : never;

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

/**
 * The route of one table entry at `path`: guarded by its permission subjects and account types,
 * its query string read with the entry's address schema (`search`), and a report page's address
 * completed as it loads.
 */
function pageRoute<P extends AppPath, S extends AddressSchema>(entry: AppRouteEntry, path: P, search: S) {
  return createRoute({
    getParentRoute: () => appRoute,
    path: path.slice('/app/'.length) as RelativePath<P>,
    validateSearch: search,
    // A report page's kept filters, for the report pages' code to read from the router (links to it carry them).
    staticData: entry.keeps ? { keeps: entry.keeps } : {},
    beforeLoad: async ({ context, location, cause }) => {
      guardAppEntry(entry, context.session);
      await settleReportAddress(path, context.session, location.search, cause !== 'stay', context.queryClient);
    },
    component: () => <AppPage entry={entry} />,
  });
}

/** The routes of `T`'s entries, in order, each typed by its own path and address schema. */
type PageRoutes<T extends readonly AppRouteEntry[]> = {
  [K in keyof T]: T[K] extends { path: infer P extends AppPath; search: infer S extends AddressSchema } ? ReturnType<typeof pageRoute<P, S>> : never;
};

/**
 * One route per table entry. Each keeps its own types, so a page reads its address typed by its
 * path (`getRouteApi(path).useSearch()`); `map` alone types every route with the union of all.
 */
export const appPageRoutes = APP_ROUTES.map((entry) => pageRoute(entry, entry.path, entry.search)) as unknown as PageRoutes<Rows>;
