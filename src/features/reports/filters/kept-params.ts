import { type RegisteredRouter, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import type { FilterParam } from './filter-state';
import type { ReportSearch } from './report-search';

// Which filters each report page keeps in its address is written once, in its route-table row
// (src/routes/route-table.ts); the router carries it as the route's static data, and the report
// pages read it from there (docs/SCREENS.md 'Shared filter state').

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** A filtered report page: the filters it keeps in its address. */
    keeps?: readonly FilterParam[];
  }
}

type RoutesByPath = RegisteredRouter['routesByPath'];

/** The filtered report pages: the routes whose address the report pages' schema reads. */
export type ReportPath = {
  [P in keyof RoutesByPath]: RoutesByPath[P]['types']['searchSchema'] extends ReportSearch ? P : never;
}[keyof RoutesByPath];

/** The filters a report page keeps, by its path. */
export type KeptParams = (path: ReportPath) => readonly FilterParam[];

/** The filters each report page keeps, as its route says. */
export function useKeptParams(): KeptParams {
  const router = useRouter();
  return useCallback((path: ReportPath) => router.routesByPath[path].options.staticData?.keeps ?? [], [router]);
}
