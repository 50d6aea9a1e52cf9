import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runtimeConfigSchema } from '../../../server/src/contracts/config';
import { createTestApp } from '../helpers/app';

describe('public endpoints', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('serves the runtime configuration without a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/config.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const config = runtimeConfigSchema.parse(res.json());
    expect(config.apiV2BaseUrl).toBe('/api/v2');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});
