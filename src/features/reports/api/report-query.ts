import { keepPreviousData, queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useMemo } from 'react';
import type { z } from 'zod';
import { mainApi } from '@/lib/api-client';
import { REPORTS_KEY_ROOT } from '@/lib/query-client';

/** Query parameters of a report call (lists are sent as repeated keys). */
export type ReportParams = Record<string, string | number | boolean | undefined | null | readonly number[]>;

/** Cache keys of report answers: the call's path and its parameters. */
export const reportKeys = {
  all: [REPORTS_KEY_ROOT] as const,
  call: (path: string, params: ReportParams) => [REPORTS_KEY_ROOT, path, params] as const,
};

/** One report call, validated against its contract schema. */
export function reportQueryOptions<S extends z.ZodType>(path: string, params: ReportParams, schema: S) {
  return queryOptions({
    queryKey: reportKeys.call(path, params),
    queryFn: ({ signal }) => mainApi.get<z.infer<S>>(path, { query: params as never, schema: schema as unknown as z.ZodType<z.infer<S>>, signal }),
    // While new filters load, the last answer stays on screen (dimmed) instead of a blank card.
    placeholderData: keepPreviousData,
  });
}

/** A report call's answer, loading and error state. Report queries never refetch on focus. */
export function useReport<S extends z.ZodType>(path: string, params: ReportParams, schema: S, options: { enabled?: boolean } = {}) {
  return useQuery({ ...reportQueryOptions(path, params, schema), enabled: options.enabled ?? true });
}

/** What a report section draws of a call: its answer and its loading and error state. */
export interface ReportView<T> {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  isFetching: boolean;
  dataUpdatedAt: number;
}

/**
 * A call's state as a section draws it, one render behind. React draws a query's news at once and
 * in one piece; through this, that urgent render only reaches the component asking, and the
 * section (a memoized component taking the view) is drawn in a deferred render React slices into
 * short tasks, so a tap is never kept waiting behind a chart or a table being built.
 */
export function useDeferredView<T>(result: UseQueryResult<T>): ReportView<T> {
  const { data, error, isPending, isFetching, dataUpdatedAt } = result;
  const view = useMemo(() => ({ data, error, isPending, isFetching, dataUpdatedAt }), [data, error, isPending, isFetching, dataUpdatedAt]);
  return useDeferredValue(view);
}
