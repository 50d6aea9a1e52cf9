import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
  useLocation,
} from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { render } from './render';

function CurrentLocation() {
  const href = useLocation({ select: (location) => location.href });
  return <div data-testid="location">{href}</div>;
}

/**
 * Renders `ui` at `path` inside a throwaway router, so components with links and navigation work.
 * Any other path renders its href in [data-testid=location], to assert where navigation went.
 */
export async function renderWithRouter(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const rootRoute = createRootRoute({ component: Outlet });
  const uiRoute = createRoute({ getParentRoute: () => rootRoute, path, component: () => ui });
  const anyRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', component: CurrentLocation });
  const router = createRouter({
    routeTree: rootRoute.addChildren([uiRoute, anyRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const result = render(<RouterProvider router={router} />);
  await router.load();
  return { router, ...result };
}
