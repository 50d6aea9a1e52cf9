import { describe, expect, it } from 'vitest';
import { BADGE_STATUSES } from './badge-rows';
import { BADGE_ADDRESS_STATUSES, badgeSearchSchema } from './badge-search';

describe('the badge pages’ address schema', () => {
  it('reads the location, a status other than the default and the search text', () => {
    expect(badgeSearchSchema.parse({ groupId: '6', status: 'unassigned', search: 'AA:BB' })).toEqual({ groupId: 6, status: 'unassigned', search: 'AA:BB' });
    expect(badgeSearchSchema.parse({ search: 1234 }).search).toBe('1234');
  });

  it('drops what it cannot read', () => {
    expect(badgeSearchSchema.parse({ groupId: 'ward', status: 'all', search: '' })).toEqual({ groupId: undefined, status: undefined, search: undefined });
  });

  it('names every status but the default', () => {
    expect(['all', ...BADGE_ADDRESS_STATUSES]).toEqual([...BADGE_STATUSES]);
  });
});
