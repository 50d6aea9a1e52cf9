import type { LogEnvironment, LogEvent, RequestSource, ServerLogEntry } from '@contracts/server-log';

/** What the page shows of the log (docs/SCREENS.md 'Server Logs'). */
export interface LogFilters {
  env: LogEnvironment;
  /** No source: every source. */
  sources: readonly RequestSource[];
  /** No event kind: every request; otherwise only ingest batches holding one of them. */
  events: readonly LogEvent[];
  /** The chosen location with everything under it; null: every request. */
  groupIds: ReadonlySet<number> | null;
  /** Text found in the path, the user agent or the body (any case); empty: every request. */
  search: string;
}

/** Whether an entry passes the filters. */
export function matchesLogFilters(entry: ServerLogEntry, filters: LogFilters): boolean {
  if (entry.env !== filters.env) return false;
  if (filters.sources.length > 0 && !filters.sources.includes(entry.source)) return false;
  if (filters.events.length > 0 && !entry.events.some((event) => filters.events.includes(event))) return false;
  const groups = filters.groupIds;
  if (groups !== null && !entry.groupIds.some((id) => groups.has(id))) return false;
  const needle = filters.search.trim().toLowerCase();
  if (needle === '') return true;
  return [entry.path, entry.ua, entry.body].some((text) => text?.toLowerCase().includes(needle));
}
