import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app';

describe('route registry', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('lists every API route once with its method, full path and config', () => {
    const routes = ctx.app.registeredRoutes();
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('GET /api/bootstrap');
    expect(keys).toContain('PATCH /api/nfc-tags/:id');
    expect(keys).toContain('GET /api/v2/users/me');
    expect(keys).not.toContain('HEAD /api/bootstrap');
    expect(routes.find((r) => r.url === '/api/nfc-tags/:id')?.config.access).toEqual({ pages: [{ page: '/app/accounts/nfc' }] });
  });
});
