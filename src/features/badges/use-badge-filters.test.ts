import { describe, expect, it } from 'vitest';
import { badgeSearchSchema } from './badge-search';
import { parseBadgeFilters } from './use-badge-filters';

const read = (search: Record<string, unknown>) => badgeSearchSchema.parse(search);
const scope = { groups: [{ id: 1, accessible: true }, { id: 10, accessible: true }, { id: 20, accessible: false }], managedGroupIds: [10] };

describe('badge page filters in the address', () => {
  it('reads groupId, status and search leniently', () => {
    expect(parseBadgeFilters(read({ groupId: 1, status: 'assigned', search: 'dana' }), scope)).toEqual({ groupId: 1, status: 'assigned', search: 'dana' });
    expect(parseBadgeFilters(read({ groupId: 20, status: 'weird', search: 1234 }), scope)).toEqual({ groupId: 10, status: 'all', search: '1234' });
    expect(parseBadgeFilters(read({}), { ...scope, managedGroupIds: [] })).toEqual({ groupId: null, status: 'all', search: '' });
  });
});
