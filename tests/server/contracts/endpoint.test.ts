import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoint, endpointPath } from '../../../server/src/contracts/endpoint';
import { MAIN_API_ENDPOINTS } from '../../../server/src/contracts/endpoints';
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

  it('are each served at their method and path with exactly their schemas', () => {
    const routes = ctx.app.registeredRoutes();
    for (const [area, endpoints] of Object.entries(MAIN_API_ENDPOINTS)) {
      for (const [name, spec] of Object.entries(endpoints)) {
        const where = `${area}.${name}: ${spec.method} ${spec.path}`;
        const route = routes.find((r) => r.method === spec.method && r.url === `/api${spec.path}`);
        expect(route, where).toBeDefined();
        const schema = route!.schema as Record<string, unknown>;
        expect(schema.params, where).toBe(spec.params);
        expect(schema.querystring, where).toBe(spec.query);
        expect(schema.body, where).toBe(spec.body);
        expect((schema.response as Record<number, unknown>)[spec.status ?? 200], where).toBe(spec.response);
      }
    }
  });
});
