import type { ReportAddress, ReportSearch } from './report-search';

// The shared report filter state (docs/SCREENS.md 'Shared filter state'): defaults from the session, values
// from the address (read by the report pages' schema, report-search.ts) overriding them, and the
// query string each page keeps. Pure functions; the hook in use-report-filters.ts binds them to
// the router.

/** What a report page receives from the route table. */
export interface PageEntry {
  title: string;
}

export type Metric = 'average' | 'total';
export type View = 'org' | 'loc';
/** Staff Rounding's tabs: staff, or beds. */
export type RoundingTab = 'user' | 'bed';
/** Contact Tracing's views: one person's contacts, or everyone's exposure. */
export type TracingMode = 'contacts' | 'exposure';

export interface FilterState {
  organizationId: number | null;
  organizationIds: number[];
  organizationIdFilters: number[];
  groupId: number | null;
  groupIds: number[];
  groupIdFilters: number[];
  userIds: number[];
  userId: number | null;
  /** A device (Dispenser Activity's chosen dispenser). */
  deviceId: number | null;
  /** Rooms (C. diff). */
  zoneIds: number[];
  tab: RoundingTab;
  mode: TracingMode;
  professionId: string | null;
  /** UTC day, YYYY-MM-DD. */
  date: string;
  startDate: string;
  endDate: string;
  metric: Metric;
  view: View;
  split: boolean;
  /** Leave low-trust location-days out of the compliance figures that offer it (docs/METRICS.md 'Data trust'). */
  excludeLowTrust: boolean;
  search: string;
}

/** A parameter a page may keep in its address. */
export type FilterParam = keyof FilterState;

/** What the defaults are computed from: the signed-in user's scope. */
export interface FilterContext {
  user: { managedOrganizationIds: readonly number[]; managedGroupIds: readonly number[] };
  organizations: readonly { id: number; accessible: boolean }[];
  groups: readonly { id: number; accessible: boolean }[];
}

/** The filter context of a signed-in session: its user and the organizations and groups it loaded. */
export function sessionFilterContext(session: {
  user: FilterContext['user'];
  bootstrap: Pick<FilterContext, 'organizations' | 'groups'>;
}): FilterContext {
  return { user: session.user, organizations: session.bootstrap.organizations, groups: session.bootstrap.groups };
}

const DAY_MS = 86_400_000;

/** Today's UTC day. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** `day` moved by `n` days. */
export function shiftDay(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The defaults: the first managed organization and group, every accessible organization and
 * group, no filters or users, a person's contacts (Contact Tracing), today, the last 7 days (today
 * and six earlier), metric 'average', no split, and view 'loc' when the user manages groups but no
 * organizations, else 'org'.
 */
export function defaultFilters(ctx: FilterContext, today: string): FilterState {
  const { managedOrganizationIds, managedGroupIds } = ctx.user;
  return {
    organizationId: managedOrganizationIds[0] ?? null,
    organizationIds: ctx.organizations.filter((o) => o.accessible).map((o) => o.id),
    organizationIdFilters: [],
    groupId: managedGroupIds[0] ?? null,
    groupIds: ctx.groups.filter((g) => g.accessible).map((g) => g.id),
    groupIdFilters: [],
    userIds: [],
    userId: null,
    deviceId: null,
    zoneIds: [],
    tab: 'user',
    mode: 'contacts',
    professionId: null,
    date: today,
    startDate: shiftDay(today, -6),
    endDate: today,
    metric: 'average',
    view: managedGroupIds.length > 0 && managedOrganizationIds.length === 0 ? 'loc' : 'org',
    split: false,
    excludeLowTrust: false,
    search: '',
  };
}

/**
 * The page's state: its defaults overridden by what the address says. A value the address leaves
 * out or could not read is undefined there and keeps its default; only the state's own keys count
 * (the router's copy of the address may hold others).
 */
export function resolveFilters(defaults: FilterState, fromAddress: ReportSearch): FilterState {
  const given = Object.entries(fromAddress).filter(([key, value]) => value !== undefined && Object.hasOwn(defaults, key));
  return { ...defaults, ...Object.fromEntries(given) };
}

/** A change to the state; the two dates only ever change together. */
export type FilterPatch = Partial<Omit<FilterState, 'startDate' | 'endDate'>> & { dates?: { startDate: string; endDate: string } };

/** The state after a change (dates put in order). */
export function applyPatch(state: FilterState, patch: FilterPatch): FilterState {
  const { dates, ...rest } = patch;
  const next = { ...state, ...rest };
  if (dates) {
    const [startDate, endDate] = dates.startDate <= dates.endDate ? [dates.startDate, dates.endDate] : [dates.endDate, dates.startDate];
    next.startDate = startDate;
    next.endDate = endDate;
  }
  return next;
}

/** The parameters of the other dimension that a view drops: view 'loc' keeps groups, 'org' organizations. */
export function droppedByView(view: View): FilterParam[] {
  return view === 'loc' ? ['organizationIds', 'groupIdFilters'] : ['groupIds', 'organizationIdFilters'];
}

/** An address value: lists comma-separated, a single id as a number, so the router writes them plainly. */
type SearchValue = string | number | boolean;

function encode(value: FilterState[FilterParam]): SearchValue | undefined {
  if (value === null || value === '') return undefined;
  if (Array.isArray(value)) {
    if (value.length === 0) return undefined;
    return value.length === 1 ? (value[0] as number) : value.join(',');
  }
  return value;
}

/**
 * The query string a page keeps for a state: only the parameters it declares, without those its
 * view drops, and without empty values.
 */
export function toSearch(state: FilterState, params: readonly FilterParam[]): ReportAddress {
  const dropped = params.includes('view') ? new Set(droppedByView(state.view)) : new Set<FilterParam>();
  const out: Record<string, SearchValue> = {};
  for (const param of params) {
    if (dropped.has(param)) continue;
    const value = encode(state[param]);
    if (value !== undefined) out[param] = value;
  }
  return out;
}

const SCOPED: readonly { param: 'organizationIds' | 'organizationIdFilters' | 'groupIds' | 'groupIdFilters'; of: 'organizations' | 'groups' }[] = [
  { param: 'organizationIds', of: 'organizations' },
  { param: 'organizationIdFilters', of: 'organizations' },
  { param: 'groupIds', of: 'groups' },
  { param: 'groupIdFilters', of: 'groups' },
];

/**
 * The address without the organization and location ids the user has no access to (another
 * hospital's, or none at all): a list left empty falls back to its default. `dropped` counts what
 * was left out, so the page can say so.
 */
export function withinScope(ctx: FilterContext, search: ReportSearch): { search: ReportSearch; dropped: number } {
  const allowed = {
    organizations: new Set(ctx.organizations.filter((o) => o.accessible).map((o) => o.id)),
    groups: new Set(ctx.groups.filter((g) => g.accessible).map((g) => g.id)),
  };
  let dropped = 0;
  const out: ReportSearch = { ...search };
  for (const { param, of } of SCOPED) {
    const ids = search[param];
    if (!ids) continue;
    const kept = ids.filter((id) => allowed[of].has(id));
    dropped += ids.length - kept.length;
    out[param] = kept.length > 0 ? kept : undefined;
  }
  return { search: out, dropped };
}

/**
 * The query string a page keeping `params` keeps for what its address says (`search`, read by the
 * report pages' schema): the session's defaults overridden by the address (without ids outside
 * the user's access), then only the page's parameters.
 */
export function canonicalSearch(params: readonly FilterParam[], ctx: FilterContext, search: ReportSearch, today: string): ReportAddress {
  return toSearch(resolveFilters(defaultFilters(ctx, today), withinScope(ctx, search).search), params);
}

/** True when the address already says what `wanted` says (values compared as text). */
export function sameSearch(current: Readonly<Record<string, unknown>>, wanted: Readonly<Record<string, unknown>>): boolean {
  const text = (o: Readonly<Record<string, unknown>>) =>
    JSON.stringify(
      Object.keys(o)
        .sort()
        .map((k) => [k, String(o[k])]),
    );
  return text(current) === text(wanted);
}

/** The common parameters of the compliance calls: the view's own dimension and the other one's filters. */
export function reportQuery(state: FilterState) {
  const loc = state.view === 'loc';
  return {
    organizationIds: loc ? [] : state.organizationIds,
    organizationIdFilters: loc ? state.organizationIdFilters : [],
    groupIds: loc ? state.groupIds : [],
    groupIdFilters: loc ? [] : state.groupIdFilters,
    professionId: state.professionId ?? undefined,
    startDate: state.startDate,
    endDate: state.endDate,
    view: state.view,
  };
}
export type ReportQueryParams = ReturnType<typeof reportQuery>;

/** True when the range exceeds six months: reports then leave comparisons out (docs/SCREENS.md 'Display'). */
export function exceedsSixMonths(startDate: string, endDate: string): boolean {
  const limit = new Date(`${startDate}T00:00:00.000Z`);
  limit.setUTCMonth(limit.getUTCMonth() + 6);
  return new Date(`${endDate}T00:00:00.000Z`) > limit;
}
