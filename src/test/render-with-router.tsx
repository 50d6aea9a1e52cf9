import {
  type AnyRoute,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useLocation,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { isReportPath, REPORT_KEEPS } from '@/routes/route-table';
import { render } from '@/test/render';

/** A report page's route data as the app's route carries it (its kept filters); none for another page. */
export const staticDataOf = (path: string) => (isReportPath(path) ? { keeps: REPORT_KEEPS[path] } : {});

/**
 * The app's report pages but `except`, as routes under `root` showing where navigation went (or
 * `component`): a
 * page's links to another report read what that report keeps from its route.
 */
export function reportRoutesUnder(root: AnyRoute, except: readonly string[], component: () => ReactNode = CurrentLocation) {
  return Object.keys(REPORT_KEEPS)
    .filter((report) => !except.includes(report))
    .map((report) => createRoute({ getParentRoute: () => root, path: report, staticData: staticDataOf(report), component }));
}

function CurrentLocation() {
  const href = useLocation({ select: (location) => location.href });
  return <div data-testid="location">{href}</div>;
}

/**
 * Renders `ui` at `path` inside a throwaway router, so components with links and navigation work.
 * Any other path renders its href in [data-testid=location], to assert where navigation went. The
 * report pages' routes carry what they keep, as the app's do, so links to them carry it too.
 */
export async function renderWithRouter(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const rootRoute = createRootRoute({ component: Outlet });
  const uiRoute = createRoute({ getParentRoute: () => rootRoute, path, staticData: staticDataOf(path), component: () => ui });
  const reportRoutes = reportRoutesUnder(rootRoute, [path]);
  const anyRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', component: CurrentLocation });
  const router = createRouter({
    routeTree: rootRoute.addChildren([uiRoute, ...reportRoutes, anyRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const result = render(<RouterProvider router={router} />);
  await router.load();
  return { router, ...result };
}
