import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import type { FilterState } from '@/features/reports/filters/filter-state';
import { reportSearchSchema } from '@/features/reports/filters/report-search';
import { nextTask } from '@/lib/after-paint';
import type { SessionData } from '@/lib/session-context';
import { isReportPath, REPORT_KEEPS } from './route-table';

type Prefetch = (queryClient: QueryClient, filters: FilterState) => void;

/**
 * Report pages whose first answer is asked for as the route loads, beside their code, rather than
 * once the page has rendered: the pages whose answer is large or gates what shows first (a floor
 * plan named by the answer).
 */
const PREFETCH: Partial<Record<string, () => Promise<Prefetch>>> = {
  '/app/reports/dispenser-activity': () => import('@/features/reports/dispenser-activity/api/dispenser-activity').then((m) => m.prefetchDispenserActivity),
};

/**
 * beforeLoad step of the filtered report pages: an address that does not yet hold the page's whole
 * filter state (a link to the bare page, a value the page does not keep) is rewritten while the
 * route loads, so the page first renders with its final address instead of rendering again once
 * it has corrected it. The address is read with the report pages' schema; the filter rules load
 * with the report pages' code, not with the app's entry.
 */
export async function settleReportAddress(
  path: string,
  session: Pick<SessionData, 'user' | 'bootstrap'>,
  address: Readonly<Record<string, unknown>>,
  entering: boolean,
  queryClient: QueryClient,
): Promise<void> {
  if (!isReportPath(path)) return;
  const keeps = REPORT_KEEPS[path];
  // Its code downloads beside the filter rules'.
  const prefetch = PREFETCH[path]?.();
  const { canonicalSearch, defaultFilters, resolveFilters, sameSearch, sessionFilterContext, utcToday, withinScope } = await import(
    '@/features/reports/filters/filter-state'
  );
  // Opening the page, the route's loading goes on in a task of its own: it is a long one. A filter
  // change on the open page does not wait, so the control the user touched updates at once.
  if (entering) await nextTask();
  const ctx = sessionFilterContext(session);
  const search = reportSearchSchema.parse(address);
  const today = utcToday();
  const wanted = canonicalSearch(keeps, ctx, search, today);
  // Compared as the schema reads both: the router hands over the address as the route's schema
  // read it, which adds what a page does not keep (a groupId also reads as groupIds).
  if (sameSearch(search, reportSearchSchema.parse(wanted))) {
    // The address is final: the page's filters are what it will ask for.
    const filters = resolveFilters(defaultFilters(ctx, today), search);
    void prefetch?.then((start) => start(queryClient, filters)).catch(() => {});
    return;
  }
  // Ids of a link the user has no access to are left out, and said so once: the rewritten address no longer holds them.
  if (withinScope(ctx, search).dropped > 0) void import('@/components/filters/report-toast').then(({ showOutOfScopeNotice }) => showOutOfScopeNotice());
  throw redirect({ to: path, search: wanted, replace: true });
}
