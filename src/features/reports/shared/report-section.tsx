import { hashKey, type SkipToken, useQueries, useQueryClient, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { type ComponentType, memo, type NamedExoticComponent, useDeferredValue, useEffect, useRef } from 'react';
import { useStagedReveal } from '@/lib/use-staged-reveal';
import type { ReportView } from './api/report-query';

// The building block of a report page. A page is a header, its filters and a few sections; a
// section is a card, a chart or a table drawn from one or more report calls. Two things keep a
// page quick on a tablet while a dozen answers arrive:
//
// 1. A section asks for its own answers (`reportSection`), so an answer re-renders only its
//    section. The section's body is memoized and drawn from the answers one render behind
//    (useDeferredValue), in a deferred render React slices into short tasks: a tap is never kept
//    waiting behind a chart or a table being built. Sections are memoized too, so the page
//    re-rendering (an address rewrite, a dialog opening) passes them by.
// 2. A long page is committed in stages, top to bottom, one task apart (`useReportStages`), while
//    the answers of the later stages are asked for at once, as the page first renders.

/** Any report call's query options, as `reportQueryOptions` builds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a section's calls answer with different types
type AnyCall = UseQueryOptions<any, Error, any, any>;

/** A section's calls by name, each built from the section's props. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each call names the props it reads
type SectionCalls = Record<string, (props: any) => AnyCall>;

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** A section's props: what each of its calls reads (and its body may read more of). */
type SectionProps<C extends SectionCalls> = Intersection<Parameters<C[keyof C]>[0]> & object;

/** The answer type of a call's options. */
type AnswerOf<O> = O extends { queryFn?: infer F } ? (Exclude<F, SkipToken | undefined> extends (...args: never[]) => infer R ? Awaited<R> : never) : never;

/** What a section's body receives for its calls: one view per call, under the call's name. */
export type SectionViews<C extends SectionCalls> = { [K in keyof C]: ReportView<AnswerOf<ReturnType<C[K]>>> };

/** A section component; `callsFor` lists the calls it makes for given props, to ask for them early. */
export interface ReportSection<P extends object> extends NamedExoticComponent<P> {
  callsFor(props: P): AnyCall[];
}

/**
 * A report section: `calls` are asked for with the section's props, and `Body` draws the section's
 * props and one view per call (its answer, loading and error state; see `ReportView`). The body
 * renders only when a view or a prop changes, in a deferred render.
 */
export function reportSection<C extends SectionCalls, P extends object = SectionProps<C>>(
  name: string,
  calls: C,
  Body: ComponentType<P & SectionViews<C>>,
): ReportSection<P> {
  const names = Object.keys(calls);
  // Stable, so the views object changes only when an answer or its state does (TanStack Query
  // re-runs `combine` only then, and shares what stayed equal).
  const combine = (results: UseQueryResult[]) => Object.fromEntries(names.map((key, i) => [key, viewOf(results[i])])) as SectionViews<C>;
  const DrawnBody = memo(Body) as ComponentType<P & SectionViews<C>>;
  DrawnBody.displayName = `${name}Body`;
  const callsFor = (props: P) => names.map((key) => (calls[key] as (p: P) => AnyCall)(props));

  function Section(props: P) {
    const views = useDeferredValue(useQueries({ queries: callsFor(props), combine }));
    return <DrawnBody {...props} {...views} />;
  }
  Section.displayName = name;
  return Object.assign(memo(Section), { callsFor });
}

function viewOf<T>(result: UseQueryResult<T> | undefined): ReportView<T> {
  if (!result) throw new Error('A report section lost one of its calls');
  const { data, error, isPending, isFetching, dataUpdatedAt } = result;
  return { data, error, isPending, isFetching, dataUpdatedAt };
}

/**
 * How many of a page's `stages` to draw: the first at once, then one more per task (see
 * `useStagedReveal`). `later` are the calls of the sections drawn in later stages: they are asked
 * for at once, so a section drawn a moment later does not also receive its answer a moment later.
 * Answers already cached and fresh are kept.
 */
export function useReportStages(stages: number, later: readonly AnyCall[]): number {
  const client = useQueryClient();
  const calls = useRef(later);
  calls.current = later;
  const key = hashKey(later.map((call) => call.queryKey));
  useEffect(() => {
    for (const call of calls.current) void client.prefetchQuery(call);
  }, [client, key]);
  return useStagedReveal(stages);
}
