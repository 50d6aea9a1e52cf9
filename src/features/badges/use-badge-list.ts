import { useMemo } from 'react';
import { descendantIds } from '@/components/filters';
import { useSession } from '@/lib/session-context';
import { useOnlineStatus } from '@/offline/connectivity';
import { usePendingEdits } from '@/offline/use-outbox';
import { useBadges } from './api/get-badges';
import { badgeKeys } from './api/keys';
import { badgeRowsOf, filterBadgeRows } from './badge-rows';
import { BADGE_EDIT_TYPES, type BadgeEditPayload } from './outbox-handlers';
import type { BadgeFilters } from './use-badge-filters';

/** Badges a page, on both badge screens. */
export const BADGES_PAGE_SIZE = 15;

/**
 * The badges of the filtered location with the queued edits applied (`all`), and those the status
 * and search filters let through (`rows`). Works offline from the kept copy of the list.
 */
export function useBadgeList(filters: BadgeFilters) {
  const { bootstrap } = useSession();
  const online = useOnlineStatus();
  const query = useBadges(filters.groupId);
  const edits = usePendingEdits<BadgeEditPayload>(BADGE_EDIT_TYPES);
  const groupIds = useMemo(
    () => (filters.groupId === null ? null : new Set([filters.groupId, ...descendantIds(bootstrap.groups, filters.groupId)])),
    [bootstrap.groups, filters.groupId],
  );
  const all = useMemo(() => badgeRowsOf(query.data ?? [], edits, groupIds), [query.data, edits, groupIds]);
  const rows = useMemo(() => filterBadgeRows(all, filters.status, filters.search), [all, filters.status, filters.search]);
  const notLoadedOffline = !online && query.data === undefined;
  return {
    all,
    rows,
    /** The server's badges as fetched (with their operations), and the key they are kept under. */
    devices: query.data,
    queryKey: badgeKeys.list(filters.groupId),
    /** When the list on screen was fetched (for the offline stamp). */
    updatedAt: query.dataUpdatedAt,
    hasData: query.data !== undefined,
    loading: query.isPending && !notLoadedOffline,
    error: query.data === undefined && query.error ? query.error : null,
    emptyText: notLoadedOffline ? 'The badges of this location are not on this device yet. They load when the connection is back.' : 'No results',
  };
}
