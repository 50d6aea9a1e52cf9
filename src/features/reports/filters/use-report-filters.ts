import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useSession } from '@/lib/session-context';
import {
  applyPatch,
  defaultFilters,
  type FilterPatch,
  type FilterState,
  resolveFilters,
  sessionFilterContext,
  toSearch,
  utcToday,
} from './filter-state';
import { type ReportPath, useKeptParams } from './kept-params';
import { type ReportAddress, reportSearchSchema } from './report-search';

/**
 * The filter state, as a new object only when its content changes: a rewrite of the address to the
 * same state (a filter set to the value it has) then re-renders nothing that depends on the filters.
 */
function useSameFilters(filters: FilterState): FilterState {
  const text = JSON.stringify(filters);
  return useMemo(() => JSON.parse(text) as FilterState, [text]);
}

export interface ReportFilters {
  filters: FilterState;
  /** Applies a change and rewrites the query string in place. */
  update: (patch: FilterPatch) => void;
  /** A link to report `path` carrying the current state as that page keeps it, with `changes` (for a Link or `navigate`). */
  linkTo: <P extends ReportPath>(path: P, changes?: Partial<FilterState>) => { to: P; search: ReportAddress };
}

/**
 * The shared filter state of one report page, bound to its address: defaults from the session,
 * overridden by the query string, which is rewritten to hold exactly the page's parameters.
 */
export function useReportFilters(path: ReportPath): ReportFilters {
  const { user, bootstrap } = useSession();
  // What the address says, as the route's schema read it (report-search.ts).
  const search = useSearch({ from: path });
  const navigate = useNavigate();
  const [today] = useState(() => utcToday());
  const keepsOf = useKeptParams();
  const params = useMemo(() => keepsOf(path), [keepsOf, path]);
  const defaults = useMemo(
    () => defaultFilters(sessionFilterContext({ user, bootstrap }), today),
    [user, bootstrap, today],
  );
  const addressed = useSameFilters(useMemo(() => resolveFilters(defaults, search), [defaults, search]));
  // A change shows at once, before the router has written it to the address, and the next change
  // builds on it: two quick taps on a slow tablet both count. Once the address moves on, it rules.
  const [pending, setPending] = useState<{ from: FilterState; next: FilterState } | null>(null);
  const filters = pending?.from === addressed ? pending.next : addressed;
  // The address always holds the whole state (so a reload or a shared link opens the same report):
  // the route completes it as it loads (settleReportAddress), and every change below writes it all.
  const update = useCallback(
    (patch: FilterPatch) => {
      const wanted = toSearch(applyPatch(filters, patch), params);
      // Shown as the address will read back, so a cleared list shows its default at once too.
      setPending({ from: addressed, next: resolveFilters(defaults, reportSearchSchema.parse(wanted)) });
      void navigate({ to: path, search: wanted, replace: true });
    },
    [addressed, defaults, filters, navigate, params, path],
  );
  const linkTo = useCallback(
    <P extends ReportPath>(to: P, changes: Partial<FilterState> = {}) => ({ to, search: toSearch({ ...filters, ...changes }, keepsOf(to)) }),
    [filters, keepsOf],
  );
  return { filters, update, linkTo };
}
