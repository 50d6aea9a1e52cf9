import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { useSession } from '@/lib/session-context';
import type { BadgeStatus } from './badge-rows';
import type { BadgeSearch } from './badge-search';

/** The pages that list badges; both keep these filters in their address (badge-search.ts). */
export type BadgePagePath = '/app/maintenance/badges' | '/app/accounts/badge-management';

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
 * The filters the address asks for (as the route's schema read it): a location the user may not
 * open falls back to their first managed one (or every location), no status to 'all'.
 */
export function parseBadgeFilters(search: BadgeSearch, scope: Scope): BadgeFilters {
  const accessible = new Set(scope.groups.filter((g) => g.accessible).map((g) => g.id));
  const asked = search.groupId;
  const groupId = asked !== undefined && accessible.has(asked) ? asked : (scope.managedGroupIds.find((id) => accessible.has(id)) ?? null);
  return { groupId, status: search.status ?? 'all', search: search.search ?? '' };
}

/** The page's filters, bound to its address (changes replace the history entry). */
export function useBadgeFilters(path: BadgePagePath): { filters: BadgeFilters; update: (patch: Partial<BadgeFilters>) => void } {
  const { bootstrap, user } = useSession();
  const search = useSearch({ from: path });
  const navigate = useNavigate();
  const filters = useMemo(
    () => parseBadgeFilters(search, { groups: bootstrap.groups, managedGroupIds: user.managedGroupIds }),
    [search, bootstrap.groups, user.managedGroupIds],
  );
  const update = useCallback(
    ({ status, ...rest }: Partial<BadgeFilters>) => {
      // 'all', the default, is written as no status.
      const written = status === undefined ? {} : { status: status === 'all' ? undefined : status };
      void navigate({ to: path, search: (current) => ({ ...current, ...rest, ...written }), replace: true });
    },
    [navigate, path],
  );
  return { filters, update };
}
