import { describe, expect, it } from 'vitest';
import { PAGE_FILES } from './page-files';
import { isBuiltPage } from './page-components';
import { APP_ROUTES } from './route-table';

describe('page components', () => {
  it('has a page module for every built page of page-files.ts, and a placeholder for every other path', () => {
    const built = Object.keys(PAGE_FILES);
    expect(built.length).toBeGreaterThan(20);
    for (const entry of APP_ROUTES) expect(isBuiltPage(entry.path)).toBe(built.includes(entry.path));
    expect(isBuiltPage('/app/nowhere')).toBe(false);
  });
});
