import { CLIENT_ERRORS_TAKE, clientErrorEndpoints, type ClientErrorsResponse } from '@contracts/client-errors';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { debugKeys } from './keys';

/** GET /client-errors: one page of the app's crash reports, newest first, older than `startingAfter`. */
export function getClientErrors(startingAfter: number | undefined, signal?: AbortSignal): Promise<ClientErrorsResponse> {
  return mainApi.call(clientErrorEndpoints.list, { query: { take: CLIENT_ERRORS_TAKE, startingAfter }, signal });
}

/** The crash reports, a page at a time (each page after the last id of the one before). */
export const clientErrorsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: debugKeys.clientErrors(),
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) => getClientErrors(pageParam, signal),
    getNextPageParam: (last) => (last.hasMore ? last.data.at(-1)?.id : undefined),
  });

export function useClientErrors(enabled: boolean) {
  return useInfiniteQuery({ ...clientErrorsQueryOptions(), enabled });
}
