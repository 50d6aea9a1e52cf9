import { describe, expect, it } from 'vitest';
import { PAGE_FILES } from './route-table';
import { isBuiltPage } from './page-components';
import { APP_ROUTES } from './route-table';

describe('page components', () => {
  it('has a page module for every path of the route table but the one that forwards', () => {
    const built = Object.keys(PAGE_FILES);
    const forwards = (entry: (typeof APP_ROUTES)[number]) => 'redirectTo' in entry;
    for (const entry of APP_ROUTES) expect(isBuiltPage(entry.path)).toBe(!forwards(entry));
    expect(built).toHaveLength(APP_ROUTES.filter((entry) => !forwards(entry)).length);
    expect(isBuiltPage('/app/nowhere')).toBe(false);
  });
});
