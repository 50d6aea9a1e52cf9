import { theme } from '../src/app/theme';
import { APP_ROUTES, type AppRouteEntry, PAGE_FILES } from '../src/routes/route-table';

/**
 * What the page shell takes from the app (scripts/vite-page-shell.ts): each page's title, the
 * module of each built page and the theme's font. The build loads this module through Vite's
 * module runner, with the app's aliases, so the config itself imports nothing of the app.
 */
export interface PageShellTables {
  /** The /app path → page title table the first screen reads (every page of the route table). */
  titles: Record<string, string>;
  /** Every path that shows a page rather than forwarding. */
  pagePaths: string[];
  /** The module of each built page, relative to src/ (named by its route-table row). */
  pageFiles: Record<string, string>;
  fontFamily: string;
}

/** The /app path → page title table the first screen reads (every page of the route table). */
export function pageTitles(): Record<string, string> {
  return Object.fromEntries(APP_ROUTES.map((entry) => [entry.path, entry.title]));
}

export function pageShellTables(): PageShellTables {
  return {
    titles: pageTitles(),
    pagePaths: (APP_ROUTES as readonly AppRouteEntry[]).filter((entry) => !entry.redirectTo).map((entry) => entry.path),
    pageFiles: { ...PAGE_FILES },
    fontFamily: theme.fontFamily ?? 'sans-serif',
  };
}
