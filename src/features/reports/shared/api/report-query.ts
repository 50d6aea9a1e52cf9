import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EndpointSpec, OmittableKeys } from '@contracts/endpoint';
import { mainApi } from '@/lib/api-client';
import { REPORTS_KEY_ROOT } from '@/lib/query-client';

/** A report call of the contracts: a GET taking a query and no path parameters. */
export interface ReportEndpoint<R extends z.ZodType = z.ZodType> extends EndpointSpec {
  method: 'GET';
  query: z.ZodType;
  response: R;
  params?: undefined;
  body?: undefined;
}

/** A 'true'/'false' query flag may be given as a boolean: the query string writes it as that text. */
type FlagValue<T> = T extends 'true' | 'false' ? T | boolean : T;

type WireQuery<T> = { [K in Exclude<keyof T, OmittableKeys<T>>]: FlagValue<T[K]> } & { [K in OmittableKeys<T>]?: FlagValue<T[K]> };

/** The query of a report call as its schema takes it (lists are sent as repeated keys). */
export type ReportQueryOf<E extends ReportEndpoint> = WireQuery<z.input<E['query']>>;

/** Cache keys of report answers: the call's path (without its leading '/') and its query. */
export const reportKeys = {
  all: [REPORTS_KEY_ROOT] as const,
  call: <Q>(spec: Pick<EndpointSpec, 'path'>, query: Q) => [REPORTS_KEY_ROOT, spec.path.slice(1), query] as const,
};

/** One report call, its answer validated against the endpoint's response schema. */
export function reportQueryOptions<E extends ReportEndpoint>(spec: E, query: ReportQueryOf<E>) {
  return queryOptions({
    queryKey: reportKeys.call(spec, query),
    queryFn: ({ signal }) => mainApi.call<ReportEndpoint<E['response']>>(spec, { query, signal }),
    // While new filters load, the last answer stays on screen (dimmed) instead of a blank card.
    placeholderData: keepPreviousData,
  });
}

/** A report call's answer, loading and error state. Report queries never refetch on focus. */
export function useReport<E extends ReportEndpoint>(spec: E, query: ReportQueryOf<E>, options: { enabled?: boolean } = {}) {
  return useQuery({ ...reportQueryOptions(spec, query), enabled: options.enabled ?? true });
}

/** What a report section draws of a call: its answer and its loading and error state (see components/report-section.tsx). */
export interface ReportView<T> {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  isFetching: boolean;
  dataUpdatedAt: number;
}
