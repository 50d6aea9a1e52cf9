import { NFC_TAGS_MAX_TAKE, nfcEndpoints, type NfcTag } from '@contracts/nfc';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { mainApi } from '@/lib/api-client';
import { fetchAllPages } from '@/lib/fetch-all-pages';
import { nfcKeys } from './keys';

/** GET /nfc-tags, page by page: every tag of a location (with its descendants), or of the whole scope. */
export function getNfcTags(groupId: number | null, signal?: AbortSignal): Promise<NfcTag[]> {
  return fetchAllPages(
    async (startingAfter) =>
      (
        await mainApi.call(nfcEndpoints.list, {
          query: { groupId: groupId ?? undefined, take: NFC_TAGS_MAX_TAKE, startingAfter },
          signal,
        })
      ).data,
    NFC_TAGS_MAX_TAKE,
  );
}

/**
 * Every tag of a location. Status and search filter it on the device, so the table works the same
 * on a ward without signal (the list is kept for offline use with the rest of the query cache).
 */
export const nfcTagsQueryOptions = (groupId: number | null) =>
  queryOptions({
    queryKey: nfcKeys.tags(groupId),
    queryFn: ({ signal }) => getNfcTags(groupId, signal),
  });

export function useNfcTags(groupId: number | null) {
  return useQuery(nfcTagsQueryOptions(groupId));
}
