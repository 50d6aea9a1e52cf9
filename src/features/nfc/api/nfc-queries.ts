import {
  type NfcTag,
  NFC_TAGS_MAX_TAKE,
  nfcAssignEventsResponseSchema,
  nfcTagSchema,
  nfcTagsResponseSchema,
} from '@contracts/nfc';
import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError, mainApi } from '@/lib/api-client';
import { fetchAllPages } from '@/lib/fetch-all-pages';

/** Cache keys of NFC answers; a sent edit invalidates all of them. */
export const nfcKeys = {
  all: ['nfc'] as const,
  tags: (groupId: number | null) => ['nfc', 'tags', groupId] as const,
  events: (tagId: number) => ['nfc', 'events', tagId] as const,
};

/**
 * Every tag of a location (with its descendants), fetched page by page. Status and search filter
 * it on the device, so the table works the same on a ward without signal (the list is kept for
 * offline use with the rest of the query cache).
 */
export function nfcTagsQueryOptions(groupId: number | null) {
  return queryOptions({
    queryKey: nfcKeys.tags(groupId),
    queryFn: ({ signal }) =>
      fetchAllPages(
        async (startingAfter) =>
          (
            await mainApi.get('/nfc-tags', {
              query: { groupId: groupId ?? undefined, take: NFC_TAGS_MAX_TAKE, startingAfter },
              schema: nfcTagsResponseSchema,
              signal,
            })
          ).data,
        NFC_TAGS_MAX_TAKE,
      ),
  });
}

export function useNfcTags(groupId: number | null) {
  return useQuery(nfcTagsQueryOptions(groupId));
}

/** The tag with this NFC id, or null when there is none (in the caller's scope). */
export async function findTagByNfcId(nfcId: string, signal?: AbortSignal): Promise<NfcTag | null> {
  try {
    return await mainApi.get(`/nfc/nfcId/${encodeURIComponent(nfcId)}`, { schema: nfcTagSchema, signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** A tag's assignment history, newest first, 45 events a request. */
export function useNfcAssignEvents(tagId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: nfcKeys.events(tagId),
    enabled,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      mainApi.get(`/nfc-tags/${tagId}/assign-events`, {
        query: { take: 45, startingAfter: pageParam },
        schema: nfcAssignEventsResponseSchema,
        signal,
      }),
    getNextPageParam: (last) => (last.data.hasMore ? last.data.data.at(-1)?.id : undefined),
  });
}
