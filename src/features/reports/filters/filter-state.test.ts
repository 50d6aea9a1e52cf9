import { describe, expect, it } from 'vitest';
import {
  applyPatch,
  canonicalSearch,
  defaultFilters,
  type FilterContext,
  type FilterParam,
  reportQuery,
  resolveFilters,
  sameSearch,
  toSearch,
  withinScope,
} from './filter-state';
import { reportSearchSchema } from './report-search';

const TODAY = '2025-05-14';
const manager: FilterContext = {
  user: { managedOrganizationIds: [5, 7], managedGroupIds: [6, 8] },
  organizations: [
    { id: 3, accessible: false },
    { id: 5, accessible: true },
    { id: 7, accessible: true },
  ],
  groups: [
    { id: 4, accessible: false },
    { id: 6, accessible: true },
    { id: 8, accessible: true },
  ],
};
// Pages keeping these filters, as the Performance Overview, the Compliance Report and the User
// Overview do (their route-table rows say which each keeps).
const overview: FilterParam[] = ['organizationIds', 'organizationIdFilters', 'professionId', 'groupIds', 'groupIdFilters', 'startDate', 'endDate', 'view'];
const compliance: FilterParam[] = [...overview, 'userIds', 'metric', 'split'];
const userOverview: FilterParam[] = ['userId', 'date'];
const read = (search: Record<string, unknown>) => reportSearchSchema.parse(search);
const state = (search: Record<string, unknown> = {}, ctx = manager) => resolveFilters(defaultFilters(ctx, TODAY), read(search));

describe('defaults', () => {
  it('take the first managed organization and group, and every accessible one', () => {
    const s = defaultFilters(manager, TODAY);
    expect(s.organizationId).toBe(5);
    expect(s.groupId).toBe(6);
    expect(s.organizationIds).toEqual([5, 7]);
    expect(s.groupIds).toEqual([6, 8]);
  });

  it('leave filter lists and users empty', () => {
    const s = defaultFilters(manager, TODAY);
    expect([s.organizationIdFilters, s.groupIdFilters, s.userIds]).toEqual([[], [], []]);
  });

  it('are today, and the last 7 days ending today (UTC)', () => {
    const s = defaultFilters(manager, TODAY);
    expect(s.date).toBe('2025-05-14');
    expect([s.startDate, s.endDate]).toEqual(['2025-05-08', '2025-05-14']);
    // Across a month boundary.
    expect(defaultFilters(manager, '2025-03-02').startDate).toBe('2025-02-24');
  });

  it("use metric 'average' and no split", () => {
    const s = defaultFilters(manager, TODAY);
    expect(s.metric).toBe('average');
    expect(s.split).toBe(false);
  });

  it("use view 'loc' only for a user who manages groups but no organizations", () => {
    expect(defaultFilters(manager, TODAY).view).toBe('org');
    expect(defaultFilters({ ...manager, user: { managedOrganizationIds: [], managedGroupIds: [6] } }, TODAY).view).toBe('loc');
    expect(defaultFilters({ ...manager, user: { managedOrganizationIds: [], managedGroupIds: [] } }, TODAY).view).toBe('org');
    expect(defaultFilters({ ...manager, user: { managedOrganizationIds: [5], managedGroupIds: [] } }, TODAY).view).toBe('org');
  });
});

describe('values from the address', () => {
  it('override the defaults', () => {
    const s = state({ organizationIds: '7', startDate: '2025-01-01', endDate: '2025-01-31', metric: 'total', view: 'loc', split: 'true' });
    expect(s.organizationIds).toEqual([7]);
    expect([s.startDate, s.endDate]).toEqual(['2025-01-01', '2025-01-31']);
    expect(s.metric).toBe('total');
    expect(s.view).toBe('loc');
    expect(s.split).toBe(true);
  });

  it('turn a singular organizationId or groupId into a one-item list', () => {
    const s = state({ organizationId: 7, groupId: '8' });
    expect(s.organizationIds).toEqual([7]);
    expect(s.groupIds).toEqual([8]);
    expect(s.organizationId).toBe(7);
    expect(s.groupId).toBe(8);
  });

  it('turn single filter and user values into lists, and read comma-separated and repeated lists', () => {
    const s = state({ organizationIdFilters: 5, groupIdFilters: '6', userIds: 42 });
    expect([s.organizationIdFilters, s.groupIdFilters, s.userIds]).toEqual([[5], [6], [42]]);
    expect(state({ userIds: '1,2,3' }).userIds).toEqual([1, 2, 3]);
    expect(state({ userIds: ['1', '2'] }).userIds).toEqual([1, 2]);
    expect(state({ userIds: [4, 5] }).userIds).toEqual([4, 5]);
  });

  it('fall back to the default when falsy or unreadable', () => {
    const d = defaultFilters(manager, TODAY);
    const s = state({ organizationIds: '', groupIds: 'abc', metric: 'median', view: '', split: '', startDate: '', date: 'yesterday' });
    expect(s).toEqual(d);
  });

  it('keep the default range unless both dates are given in order', () => {
    const d = defaultFilters(manager, TODAY);
    expect(state({ startDate: '2025-01-01' })).toMatchObject({ startDate: d.startDate, endDate: d.endDate });
    expect(state({ startDate: '2025-02-01', endDate: '2025-01-01' })).toMatchObject({ startDate: d.startDate, endDate: d.endDate });
  });
});

describe('the query string a page keeps', () => {
  it('holds only the parameters the page declares', () => {
    const s = state({ userIds: '1,2', metric: 'total' });
    expect(Object.keys(toSearch(s, overview)).sort()).toEqual(['endDate', 'organizationIds', 'startDate', 'view']);
    expect(toSearch(s, compliance)).toMatchObject({ userIds: '1,2', metric: 'total', split: false });
    expect(toSearch(state({ userId: 9 }), userOverview)).toEqual({ userId: 9, date: TODAY });
  });

  it("drops the organization ids and group filters in view 'loc'", () => {
    const s = state({ view: 'loc', organizationIds: '5', organizationIdFilters: '7', groupIds: '6', groupIdFilters: '8' });
    const search = toSearch(s, overview);
    expect(search).toMatchObject({ view: 'loc', groupIds: 6, organizationIdFilters: 7 });
    expect(search).not.toHaveProperty('organizationIds');
    expect(search).not.toHaveProperty('groupIdFilters');
  });

  it("drops the group ids and organization filters in view 'org'", () => {
    const s = state({ view: 'org', organizationIds: '5', organizationIdFilters: '7', groupIds: '6', groupIdFilters: '8' });
    const search = toSearch(s, overview);
    expect(search).toMatchObject({ view: 'org', organizationIds: 5, groupIdFilters: 8 });
    expect(search).not.toHaveProperty('groupIds');
    expect(search).not.toHaveProperty('organizationIdFilters');
  });

  it('reads back as the same state (a reload keeps it)', () => {
    const s = applyPatch(state(), { organizationIds: [7], dates: { startDate: '2025-04-01', endDate: '2025-04-30' }, professionId: 'PHYSICIAN' });
    const again = state(toSearch(s, overview));
    expect(toSearch(again, overview)).toEqual(toSearch(s, overview));
    expect(again).toMatchObject({ organizationIds: [7], startDate: '2025-04-01', endDate: '2025-04-30', professionId: 'PHYSICIAN' });
  });

  it('writes lists comma-separated and a single id as a number', () => {
    expect(toSearch(state({ organizationIds: '5,7' }), overview).organizationIds).toBe('5,7');
    expect(toSearch(state({ organizationIds: '7' }), overview).organizationIds).toBe(7);
  });
});

describe('the address a page opens with', () => {
  it('is filled in from the defaults and keeps what the address says', () => {
    const opened = canonicalSearch(overview, manager, read({ startDate: '2025-05-01', endDate: '2025-05-03', metric: 'total' }), TODAY);
    expect(opened).toEqual({ organizationIds: '5,7', startDate: '2025-05-01', endDate: '2025-05-03', view: 'org' });
  });

  it('is already settled once rewritten: the router reads it back as the same (no second rewrite)', () => {
    const opened = canonicalSearch(compliance, manager, read({}), TODAY);
    // The router reads '5,7' back as text and a lone id as a number, as written.
    const readBack = Object.fromEntries(Object.entries(opened).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v]));
    expect(sameSearch(readBack, canonicalSearch(compliance, manager, read(readBack), TODAY))).toBe(true);
    expect(sameSearch({}, opened)).toBe(false);
  });

  it('leaves out ids outside the user’s access, a list left empty taking its default, and counts them', () => {
    expect(withinScope(manager, read({ organizationIds: '3,7,999', groupIdFilters: 4 }))).toMatchObject({
      search: { organizationIds: [7], groupIdFilters: undefined },
      dropped: 3,
    });
    expect(withinScope(manager, read({ organizationIds: '5,7' })).dropped).toBe(0);
    expect(canonicalSearch(overview, manager, read({ organizationIds: 999 }), TODAY)).toMatchObject({ organizationIds: '5,7' });
    expect(canonicalSearch(overview, manager, read({ organizationIds: '3,7' }), TODAY)).toMatchObject({ organizationIds: 7 });
    expect(canonicalSearch(overview, manager, read({ view: 'loc', groupIds: '4,8' }), TODAY)).toMatchObject({ groupIds: 8 });
  });

  it('compares values as text, whatever their order', () => {
    expect(sameSearch({ b: 2, a: '1' }, { a: 1, b: '2' })).toBe(true);
    expect(sameSearch({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });

});

describe('changes', () => {
  it('set both dates together, in order', () => {
    const s = applyPatch(state(), { dates: { startDate: '2025-03-10', endDate: '2025-03-01' } });
    expect([s.startDate, s.endDate]).toEqual(['2025-03-01', '2025-03-10']);
  });

  it('leave everything else alone', () => {
    const before = state({ metric: 'total' });
    const after = applyPatch(before, { view: 'loc' });
    expect({ ...after, view: before.view }).toEqual(before);
  });

  it('recompute on another page from that page’s defaults', () => {
    // Overview state carried to the user overview keeps only what the user overview declares.
    const s = applyPatch(state(), { organizationIds: [7], userId: 12 });
    const next = state(toSearch(s, userOverview));
    expect(next.userId).toBe(12);
    expect(next.organizationIds).toEqual([5, 7]);
  });
});

describe('report calls', () => {
  it("send the view's own dimension and the other one's filters, the rest empty", () => {
    const org = reportQuery(state({ view: 'org', organizationIds: '5', groupIdFilters: '8', groupIds: '6', organizationIdFilters: '7' }));
    expect(org).toMatchObject({ view: 'org', organizationIds: [5], groupIdFilters: [8], groupIds: [], organizationIdFilters: [] });
    const loc = reportQuery(state({ view: 'loc', organizationIds: '5', groupIdFilters: '8', groupIds: '6', organizationIdFilters: '7' }));
    expect(loc).toMatchObject({ view: 'loc', groupIds: [6], organizationIdFilters: [7], organizationIds: [], groupIdFilters: [] });
  });
});

describe('comparisons', () => {
  it('are left out beyond six months, as the server does', async () => {
    const { exceedsSixMonths } = await import('./filter-state');
    expect(exceedsSixMonths('2025-01-01', '2025-07-01')).toBe(false);
    expect(exceedsSixMonths('2025-01-01', '2025-07-02')).toBe(true);
  });
});
