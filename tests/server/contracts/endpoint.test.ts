import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoint, endpointPath } from '../../../server/src/contracts/endpoint';
import { MAIN_API_ENDPOINTS, UNDESCRIBED_ROUTES, V2_API_ENDPOINTS } from '../../../server/src/contracts/endpoints';
import { nfcTagSchema } from '../../../server/src/contracts/nfc';
import { createTestApp } from '../helpers/app';

describe('endpointPath', () => {
  const tag = endpoint({ method: 'GET', path: '/nfc/nfcId/:nfcId', response: nfcTagSchema });

  it('fills each parameter, encoded', () => {
    expect(endpointPath(tag, { nfcId: 'AB CD/1' })).toBe('/nfc/nfcId/AB%20CD%2F1');
    expect(endpointPath({ path: '/nfc-tags/:id/assign-events' }, { id: 12 })).toBe('/nfc-tags/12/assign-events');
    expect(endpointPath({ path: '/nfc-tags' })).toBe('/nfc-tags');
  });

  it('refuses to call a path with a parameter missing', () => {
    expect(() => endpointPath(tag, {})).toThrow(':nfcId');
  });
});

describe('described endpoints', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const described = [
    ...Object.entries(MAIN_API_ENDPOINTS).map(([area, endpoints]) => ({ root: '/api', area, endpoints })),
    ...Object.entries(V2_API_ENDPOINTS).map(([area, endpoints]) => ({ root: '/api/v2', area, endpoints })),
  ].flatMap(({ root, area, endpoints }) => Object.entries(endpoints).map(([name, spec]) => ({ root, where: `${area}.${name}`, spec })));

  it('are each served at their method and path with exactly their schemas', () => {
    const routes = ctx.app.registeredRoutes();
    for (const { root, where: name, spec } of described) {
      const where = `${name}: ${spec.method} ${root}${spec.path}`;
      const route = routes.find((r) => r.method === spec.method && r.url === `${root}${spec.path}`);
      expect(route, where).toBeDefined();
      const schema = route!.schema as Record<string, unknown>;
      expect(schema.params, where).toBe(spec.params);
      expect(schema.querystring, where).toBe(spec.query);
      expect(schema.body, where).toBe(spec.body);
      expect((schema.response as Record<number, unknown>)[spec.status ?? 200], where).toBe(spec.response);
    }
  });

  it('cover every API route but the device protocol and Pusher’s channel authorization', () => {
    const served = ctx.app
      .registeredRoutes()
      .filter((r) => r.url.startsWith('/api/'))
      .map((r) => `${r.method} ${r.url}`);
    const known = new Set([...described.map(({ root, spec }) => `${spec.method} ${root}${spec.path}`), ...UNDESCRIBED_ROUTES]);
    expect(served.filter((route) => !known.has(route))).toEqual([]);
    for (const route of UNDESCRIBED_ROUTES) expect(served).toContain(route);
  });
});
