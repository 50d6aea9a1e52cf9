import { createContext, useContext } from 'react';

/**
 * A page's title by its path ('/app/reports/user-overview' → 'User Overview'), or null for a path
 * that is no page. The shell provides it from the route table; features read it without knowing
 * the table (the access log names the page each read served).
 */
export const PageTitleContext = createContext<(path: string) => string | null>(() => null);

export function usePageTitle(): (path: string) => string | null {
  return useContext(PageTitleContext);
}
