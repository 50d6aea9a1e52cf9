import { useCallback, useMemo } from 'react';
import { useSession } from '@/lib/session-context';
import { usePageSearch } from '@/lib/use-page-search';
import { BADGE_STATUSES, type BadgeStatus } from './badge-rows';

export interface BadgeFilters {
  /** The location (with its descendants); null is every location in scope. */
  groupId: number | null;
  status: BadgeStatus;
  search: string;
}

interface Scope {
  groups: readonly { id: number; accessible: boolean }[];
  managedGroupIds: readonly number[];
}

/**
 * The filters an address asks for, read leniently: a location the user may not open falls back
 * to their first managed one (or every location), an unknown status to 'all'.
 */
export function parseBadgeFilters(search: Readonly<Record<string, unknown>>, scope: Scope): BadgeFilters {
  const accessible = new Set(scope.groups.filter((g) => g.accessible).map((g) => g.id));
  const asked = Number(search.groupId);
  const groupId = accessible.has(asked) ? asked : (scope.managedGroupIds.find((id) => accessible.has(id)) ?? null);
  const status = BADGE_STATUSES.find((s) => s === search.status) ?? 'all';
  // The router reads digit-only values (a device code) as numbers.
  const text = typeof search.search === 'string' || typeof search.search === 'number' ? String(search.search) : '';
  return { groupId, status, search: text };
}

const SEARCH_SPEC = { groupId: 'id', status: 'text', search: 'text' } as const;

/** The page's filters, bound to its address (changes replace the history entry). */
export function useBadgeFilters(): { filters: BadgeFilters; update: (patch: Partial<BadgeFilters>) => void } {
  const { bootstrap, user } = useSession();
  const [search, write] = usePageSearch(SEARCH_SPEC);
  const filters = useMemo(
    () => parseBadgeFilters(search, { groups: bootstrap.groups, managedGroupIds: user.managedGroupIds }),
    [search, bootstrap.groups, user.managedGroupIds],
  );
  const update = useCallback(
    (patch: Partial<BadgeFilters>) => write({ ...patch, ...(patch.status === 'all' ? { status: '' } : {}) }),
    [write],
  );
  return { filters, update };
}
