import type { QueryClient } from '@tanstack/react-query';
import { dispenserEndpoints } from '@contracts/reports/dispensers';
import { isProtectedPlan } from '@/components/floor-plan/use-plan-source';
import type { FilterState } from '../../filters/filter-state';
import { reportQueryOptions } from '../../shared/api/report-query';

/** What the Dispenser Activity report asks for: one location over a range. */
export interface DispenserActivityQuery {
  groupId: number;
  startDate: string;
  endDate: string;
}

/** What the report asks for under these filters; null until a location is chosen. */
export function activityQueryOf(filters: Pick<FilterState, 'groupId' | 'startDate' | 'endDate'>): DispenserActivityQuery | null {
  const { groupId, startDate, endDate } = filters;
  return groupId === null ? null : { groupId, startDate, endDate };
}

/** The Dispenser Activity answer (dispensers/group/activity): its dispensers and floor plan. */
export function dispenserActivityQuery(query: DispenserActivityQuery) {
  return reportQueryOptions(dispenserEndpoints.groupActivity, query);
}

/**
 * Opening the report: its answer is asked for while the page's code loads and its first render
 * runs, instead of after them, and the floor plan it names starts downloading as soon as the
 * answer comes (a static plan; an uploaded one needs the sign-in and loads with the map).
 */
export function prefetchDispenserActivity(queryClient: QueryClient, filters: Pick<FilterState, 'groupId' | 'startDate' | 'endDate'>): void {
  const query = activityQueryOf(filters);
  if (query === null) return;
  const options = dispenserActivityQuery(query);
  void queryClient.prefetchQuery(options).then(() => {
    const plan = queryClient.getQueryData(options.queryKey)?.floorplanImage;
    if (plan && !isProtectedPlan(plan)) new Image().src = plan;
  });
}
