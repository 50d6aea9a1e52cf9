import { describe, expect, it } from 'vitest';
import { exportOrder } from './user-export-api';

describe('exportOrder', () => {
  it('sends the table order the file can follow, and nothing for a column it does not hold', () => {
    expect(exportOrder('users', { key: 'userName', direction: 'desc' })).toEqual({ sort: 'userName', direction: 'desc' });
    expect(exportOrder('users', { key: 'status', direction: 'asc' })).toEqual({ sort: 'status', direction: 'asc' });
    // Access Management's Status is the site access, its Active the account's state.
    expect(exportOrder('access', { key: 'status', direction: 'asc' })).toEqual({ sort: 'siteAccess', direction: 'asc' });
    expect(exportOrder('access', { key: 'active', direction: 'desc' })).toEqual({ sort: 'status', direction: 'desc' });
    expect(exportOrder('access', { key: 'lastLogin', direction: 'asc' })).toEqual({});
    expect(exportOrder('users', null)).toEqual({});
  });
});
