import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSession } from '@/lib/session-context';
import {
  applyPatch,
  defaultFilters,
  type FilterPatch,
  type FilterState,
  PAGE_PARAMS,
  type ReportPath,
  parseFilterSearch,
  resolveFilters,
  toSearch,
  utcToday,
} from './filter-state';

/** True when the address already says what `wanted` says (values compared as text). */
function sameSearch(current: Readonly<Record<string, unknown>>, wanted: Readonly<Record<string, unknown>>): boolean {
  const text = (o: Readonly<Record<string, unknown>>) =>
    JSON.stringify(
      Object.keys(o)
        .sort()
        .map((k) => [k, String(o[k])]),
    );
  return text(current) === text(wanted);
}

/**
 * The filter state, as a new object only when its content changes: a rewrite of the address to the
 * same state (as on a page's first load) then re-renders nothing that depends on the filters.
 */
function useSameFilters(filters: FilterState): FilterState {
  const text = JSON.stringify(filters);
  return useMemo(() => JSON.parse(text) as FilterState, [text]);
}

export interface ReportFilters {
  filters: FilterState;
  /** Applies a change and rewrites the query string in place. */
  update: (patch: FilterPatch) => void;
  /** The query string `path` keeps for the current state (links to another report carry it). */
  searchFor: (path: ReportPath) => Record<string, string | number | boolean>;
}

/**
 * The shared filter state of one report page, bound to its address: defaults from the session,
 * overridden by the query string, which is rewritten to hold exactly the page's parameters.
 */
export function useReportFilters(path: ReportPath): ReportFilters {
  const session = useSession();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const navigate = useNavigate();
  const [today] = useState(() => utcToday());
  const params = useMemo(() => PAGE_PARAMS[path], [path]);
  const defaults = useMemo(
    () => defaultFilters({ user: session.user, organizations: session.bootstrap.organizations, groups: session.bootstrap.groups }, today),
    [session.user, session.bootstrap, today],
  );
  const filters = useSameFilters(useMemo(() => resolveFilters(defaults, parseFilterSearch(search)), [defaults, search]));
  const wanted = useMemo(() => toSearch(filters, params), [filters, params]);

  // The address always shows the state, so a reload or a shared link opens the same report.
  useEffect(() => {
    if (!sameSearch(search, wanted)) void navigate({ to: path, search: wanted as never, replace: true });
  }, [navigate, path, search, wanted]);

  const update = useCallback(
    (patch: FilterPatch) => void navigate({ to: path, search: toSearch(applyPatch(filters, patch), params) as never, replace: true }),
    [filters, navigate, params, path],
  );
  const searchFor = useCallback((target: ReportPath) => toSearch(filters, PAGE_PARAMS[target]), [filters]);
  return { filters, update, searchFor };
}
