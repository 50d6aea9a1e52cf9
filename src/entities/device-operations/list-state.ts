import { useOnlineStatus } from '@/offline/connectivity';

/**
 * What an operations table says while its list loads, fails or is empty: 'Choose a location.', the
 * list not on this device yet (offline), or 'No results'. Until the deferred rows catch up with
 * the first list it is still loading, so 'No results' never flashes before them.
 */
export function useOperationsListState({
  list,
  groupId,
  plural,
  rowCount,
  shownCount,
}: {
  list: { data: unknown; isPending: boolean; error: Error | null };
  groupId: number | null;
  plural: string;
  rowCount: number;
  shownCount: number;
}) {
  const online = useOnlineStatus();
  const notLoadedOffline = !online && list.data === undefined;
  return {
    loading: (list.isPending && groupId !== null && !notLoadedOffline) || (rowCount > 0 && shownCount === 0),
    error: list.data === undefined && list.error ? list.error : null,
    emptyText:
      groupId === null
        ? 'Choose a location.'
        : notLoadedOffline
          ? `The ${plural.toLowerCase()} of this location are not on this device yet. They load when the connection is back.`
          : 'No results',
  };
}
