import { describe, expect, it } from 'vitest';
import { reportSearchSchema } from './report-search';

const read = (search: Record<string, unknown>) => reportSearchSchema.parse(search);

describe('the report pages’ address schema', () => {
  it('reads every filter the pages keep', () => {
    expect(
      read({
        organizationIds: '5,7',
        organizationIdFilters: 3,
        groupIds: [6, 8],
        groupIdFilters: ['4'],
        userIds: 42,
        userId: '9',
        professionId: ' PHYSICIAN ',
        search: 'dana',
        date: '2025-05-14',
        startDate: '2025-05-01',
        endDate: '2025-05-14',
        metric: 'total',
        view: 'loc',
        split: 'true',
      }),
    ).toMatchObject({
      organizationIds: [5, 7],
      organizationIdFilters: [3],
      groupIds: [6, 8],
      groupIdFilters: [4],
      userIds: [42],
      userId: 9,
      professionId: 'PHYSICIAN',
      search: 'dana',
      date: '2025-05-14',
      startDate: '2025-05-01',
      endDate: '2025-05-14',
      metric: 'total',
      view: 'loc',
      split: true,
    });
  });

  it('turns a singular organizationId or groupId into a one-item list, unless the list is given', () => {
    expect(read({ organizationId: 7, groupId: '8' })).toMatchObject({ organizationId: 7, organizationIds: [7], groupId: 8, groupIds: [8] });
    expect(read({ organizationId: 7, organizationIds: '5,6' }).organizationIds).toEqual([5, 6]);
  });

  it('keeps the dates only as a pair in order', () => {
    expect(read({ startDate: '2025-01-01' })).toMatchObject({ startDate: undefined, endDate: undefined });
    expect(read({ startDate: '2025-02-01', endDate: '2025-01-01' })).toMatchObject({ startDate: undefined, endDate: undefined });
    expect(read({ startDate: '2025-01-01', endDate: 'soon' })).toMatchObject({ startDate: undefined, endDate: undefined });
    expect(read({ startDate: '2025-01-01', endDate: '2025-01-01' })).toMatchObject({ startDate: '2025-01-01', endDate: '2025-01-01' });
  });

  it('never fails, and says undefined for what it cannot read (so the router drops the raw value too)', () => {
    const search = read({ organizationIds: '', groupIds: 'abc', metric: 'median', view: '', split: '', date: 'yesterday', userId: 'me', professionId: '  ' });
    for (const key of ['organizationIds', 'groupIds', 'metric', 'view', 'split', 'date', 'userId', 'professionId'] as const) {
      expect(search).toHaveProperty(key, undefined);
    }
    expect(() => read({ metric: { $gt: 1 }, userIds: [[1]] })).not.toThrow();
  });

  it('reads its own output back unchanged', () => {
    const once = read({ organizationId: 7, startDate: '2025-05-01', endDate: '2025-05-03', split: false, search: 12 });
    expect(read(once)).toEqual(once);
  });
});
