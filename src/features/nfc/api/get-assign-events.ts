import { NFC_EVENTS_TAKE, nfcEndpoints } from '@contracts/nfc';
import { useInfiniteQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { nfcKeys } from './keys';

/** GET /nfc-tags/{id}/assign-events: one page of a tag's assignment history, newest first. */
export function getAssignEvents(tagId: number, startingAfter: number | undefined, signal?: AbortSignal) {
  return mainApi.call(nfcEndpoints.assignEvents, { params: { id: tagId }, query: { take: NFC_EVENTS_TAKE, startingAfter }, signal });
}

/** A tag's assignment history, 45 events a request. */
export function useNfcAssignEvents(tagId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: nfcKeys.events(tagId),
    enabled,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) => getAssignEvents(tagId, pageParam, signal),
    getNextPageParam: (last) => (last.data.hasMore ? last.data.data.at(-1)?.id : undefined),
  });
}
