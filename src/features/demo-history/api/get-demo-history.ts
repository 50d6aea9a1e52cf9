import { demoHistoryEndpoints, type DemoHistoryStatus } from '@contracts/demo-history';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';

/** How often the progress is asked for while the demo history is being written. */
export const DEMO_HISTORY_POLL_MS = 5000;

export const demoHistoryKeys = {
  status: ['demo-history'] as const,
};

/** GET /demo-history: how far the server has written the demo history. */
export function getDemoHistory(signal?: AbortSignal): Promise<DemoHistoryStatus> {
  return mainApi.call(demoHistoryEndpoints.get, { signal });
}

const writing = (status: DemoHistoryStatus | undefined) => status?.state === 'writing';

/**
 * Asked again every DEMO_HISTORY_POLL_MS while the history is being written; once it is written
 * (or there is none) that stays so for the server's lifetime, so it is not asked again.
 */
export function demoHistoryQueryOptions() {
  return queryOptions({
    queryKey: demoHistoryKeys.status,
    queryFn: ({ signal }) => getDemoHistory(signal),
    staleTime: (query) => (writing(query.state.data) ? 0 : Infinity),
    refetchInterval: (query) => (writing(query.state.data) ? DEMO_HISTORY_POLL_MS : false),
  });
}

export function useDemoHistory() {
  return useQuery(demoHistoryQueryOptions());
}
