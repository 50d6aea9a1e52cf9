import { type ComponentType, lazy } from 'react';
import { type AppPath, type AppRouteEntry, PAGE_FILES } from './route-table';

/** A page of the signed-in area; it receives its table row. */
export type PageComponent = ComponentType<{ entry: AppRouteEntry }>;

type PageModule = { default: PageComponent };

/**
 * Every page module, each its own chunk (the users page is reached through users-route-page,
 * which gives it its route's search).
 */
const PAGE_LOADERS = import.meta.glob<PageModule>([
  '/src/features/**/*-page.tsx',
  '!/src/features/users/pages/users-page.tsx',
  '/src/routes/users-route-page.tsx',
]);

/** The pages by path (each route-table row names its module). */
const PAGE_MODULES: Partial<Record<AppPath, () => Promise<PageModule>>> = Object.fromEntries(
  Object.entries(PAGE_FILES).map(([path, file]) => {
    const load = PAGE_LOADERS[`/src/${file}`];
    if (!load) throw new Error(`The page of ${path}, src/${file}, is not a page module`);
    return [path, load];
  }),
);

/** True when `path` shows a page of its own (not a forwarding address, nor an unknown one). */
export function isBuiltPage(path: string): boolean {
  return Object.hasOwn(PAGE_MODULES, path);
}

const lazyPages = new Map<AppPath, PageComponent>();

/** The component that renders a table path. */
export function pageFor(path: AppPath): PageComponent {
  const load = PAGE_MODULES[path];
  if (!load) throw new Error(`${path} has no page: it forwards before it renders`);
  let page = lazyPages.get(path);
  if (!page) {
    page = lazy(load);
    lazyPages.set(path, page);
  }
  return page;
}

/** Starts downloading the page at `pathname` (if it is a built one), so it is ready when the shell renders it. */
export function preloadPage(pathname: string): void {
  const load = PAGE_MODULES[pathname as AppPath];
  // A failed download is retried by the page itself when it renders.
  load?.().catch(() => {});
}
