import { beforeEach, describe, expect, it } from 'vitest';
import { recordPageVisit } from '@/lib/page-visits';
import { DEMO_ROLES, makeRole, type DemoRoleKey } from '@/test/fixtures';
import { usefulPages } from './useful-pages';

const pagesOf = (key: DemoRoleKey, userId = 7) => usefulPages(userId, makeRole(DEMO_ROLES[key].subjects), DEMO_ROLES[key].accountType).map((p) => p.path);

describe('the most-used pages offered', () => {
  beforeEach(() => localStorage.clear());

  it('are built pages of the user’s navigation, never the User Overview, first in navigation order', () => {
    expect(pagesOf('tech')).toEqual(['/app/accounts/badge-management', '/app/accounts/nfc', '/app/maintenance/editor']);
    expect(pagesOf('nurse')).toEqual([]);
  });

  it('put the pages this user opened most on this device first', () => {
    for (let i = 0; i < 3; i++) recordPageVisit(7, '/app/maintenance/badges');
    recordPageVisit(7, '/app/maintenance/stations');
    // Another user's visits do not count.
    for (let i = 0; i < 5; i++) recordPageVisit(8, '/app/accounts/nfc');
    expect(pagesOf('tech')).toEqual(['/app/maintenance/badges', '/app/maintenance/stations', '/app/accounts/badge-management']);
  });

  it('survive storage that holds something else', () => {
    localStorage.setItem('lavo.pageVisits', 'not json');
    expect(pagesOf('tech')).toHaveLength(3);
  });
});
