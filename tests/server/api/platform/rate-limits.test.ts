import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceRow } from '../../../../server/src/db/schema';
import { gatewayToken } from '../../../../server/src/core/gateway-auth';
import { THING_ID_HEADER } from '../../../../server/src/contracts/iot';
import { ACCOUNT_ROUTE_LIMITS, addressOf, BAD_GATEWAY_TOKEN_LIMIT, BAD_THING_TOKEN_LIMIT } from '../../../../server/src/plugins/rate-limits';
import { createTestApp, signIn, TEST_INGEST_SECRET, type Tokens } from '../../helpers/app';
import { loadIotSampleIds, thingHeaders } from '../../helpers/iot-samples';
import { kiosk } from '../stations/stations-client';

const limitOf = (url: string) => {
  const limit = ACCOUNT_ROUTE_LIMITS.find((entry) => entry.url === url);
  if (!limit) throw new Error(`no limit for ${url}`);
  return limit;
};

/** A 429 as callers read it: a clear message and when to come back. */
function expectLimited(res: LightMyRequestResponse, message: RegExp) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({ statusCode: 429, error: 'Too Many Requests', message: expect.stringMatching(message) });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('rate limits', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let nurse: Tokens;
  let manager: Tokens;
  let gateway: DeviceRow;

  beforeAll(async () => {
    ctx = await createTestApp();
    [nurse, manager] = await Promise.all([signIn('nurse@demo.health'), signIn('manager@demo.health')]);
    gateway = await kiosk(ctx.db, 'Kiosk 3N');
  });
  afterAll(() => ctx.close());

  describe('GET /api/users/username', () => {
    const { perAddress } = limitOf('/api/users/username');
    const lookup = (extra: { address?: string; peer?: string; method?: 'GET' | 'HEAD' }) =>
      ctx.app.inject({
        method: extra.method ?? 'GET',
        url: '/api/users/username',
        query: { username: 'nurse@demo.health' },
        headers: { authorization: nurse.idToken, ...(extra.address ? { 'x-forwarded-for': extra.address } : {}) },
        ...(extra.peer ? { remoteAddress: extra.peer } : {}),
      });

    it('refuses the call past the limit from one client address (HEAD too), and serves another address', async () => {
      for (let call = 1; call <= perAddress; call++) expect((await lookup({ address: '198.51.100.1' })).statusCode).toBe(200);
      expectLimited(await lookup({ address: '198.51.100.1' }), /^Too many requests from this address: try again in \d+ seconds$/);
      // HEAD runs the same lookup, and is counted with it.
      expect((await lookup({ address: '198.51.100.1', method: 'HEAD' })).statusCode).toBe(429);
      expect((await lookup({ address: '198.51.100.2' })).statusCode).toBe(200);
    });

    it('counts a peer that is no trusted proxy by its own address, whatever X-Forwarded-For it sends', async () => {
      const peer = '203.0.113.50';
      for (let call = 1; call <= perAddress; call++) {
        expect((await lookup({ peer, address: `192.0.2.${call % 250}` })).statusCode).toBe(200);
      }
      expect((await lookup({ peer, address: '192.0.2.251' })).statusCode).toBe(429);
    });
  });

  describe('POST /api/users/verify-email', () => {
    const { perName } = limitOf('/api/users/verify-email');
    const sendLink = (tokens: Tokens, username: string, address: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/users/verify-email',
        headers: { authorization: tokens.idToken, 'x-forwarded-for': address },
        payload: { username },
      });

    it('refuses the call past the limit for one user name, from any address, and serves other names', async () => {
      expect(perName?.max).toBeGreaterThan(0);
      for (let call = 1; call <= perName!.max; call++) {
        expect((await sendLink(manager, 'manager@demo.health', `198.51.100.${10 + call}`)).statusCode).toBe(200);
      }
      // The same name, however it is written.
      expectLimited(await sendLink(manager, ' Manager@Demo.Health', '198.51.100.99'), /^Too many requests for this user: /);
      expect((await sendLink(nurse, 'nurse@demo.health', '198.51.100.99')).statusCode).toBe(200);
    });
  });

  describe('gateway routes', () => {
    const station = (mac: string, token: string, address: string) =>
      ctx.app.inject({
        url: '/api/gateways/station',
        headers: { 'x-gateway-mac': mac, authorization: `Bearer ${token}`, 'x-forwarded-for': address },
      });
    const ingest = (mac: string, token: string, address: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/ingest/events',
        headers: { 'x-gateway-mac': mac, authorization: `Bearer ${token}`, 'x-forwarded-for': address },
        payload: { events: [{}] },
      });

    it('refuse an address after repeated bad tokens, counted across the gateway routes', async () => {
      const address = '192.0.2.200';
      for (let call = 1; call <= BAD_GATEWAY_TOKEN_LIMIT; call++) {
        const res = call % 2 ? await station(gateway.mac, 'not-the-token', address) : await ingest(gateway.mac, 'not-the-token', address);
        expect(res.statusCode).toBe(401);
      }
      expectLimited(await ingest(gateway.mac, 'not-the-token', address), /^Too many requests with a missing or wrong gateway token from this address: /);
      expectLimited(await station(gateway.mac, gatewayToken('another-secret', gateway.mac), address), /gateway token/);
      expect((await station(gateway.mac, 'not-the-token', '192.0.2.201')).statusCode).toBe(401);
    });

    it('never limit a gateway with a good token, not even from an address that is refused for bad ones', async () => {
      const address = '192.0.2.210';
      for (let call = 1; call <= BAD_GATEWAY_TOKEN_LIMIT + 1; call++) await station(gateway.mac, 'not-the-token', address);
      expect((await station(gateway.mac, 'not-the-token', address)).statusCode).toBe(429);
      const token = gatewayToken(TEST_INGEST_SECRET, gateway.mac);
      for (let call = 1; call <= BAD_GATEWAY_TOKEN_LIMIT + 5; call++) {
        expect((await station(gateway.mac, token, address)).statusCode).toBe(200);
      }
    });
  });
});

describe('thing routes', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let awsId: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    awsId = (await loadIotSampleIds(ctx.db)).thing.awsId;
  });
  afterAll(() => ctx.close());

  const nextJob = (headers: Record<string, string>, address: string) =>
    ctx.app.inject({ url: '/api/things/jobs/next', headers: { ...headers, 'x-forwarded-for': address } });

  it('refuse an address after repeated bad thing tokens, and never limit a thing that proves itself', async () => {
    const address = '192.0.2.220';
    const bad = { [THING_ID_HEADER]: awsId, authorization: 'Bearer not-the-token' };
    for (let call = 1; call <= BAD_THING_TOKEN_LIMIT; call++) expect((await nextJob(bad, address)).statusCode).toBe(401);
    expectLimited(await nextJob(bad, address), /^Too many requests with a missing or wrong thing token from this address: /);
    expect((await nextJob(bad, '192.0.2.221')).statusCode).toBe(401);
    for (let call = 1; call <= 5; call++) expect((await nextJob(thingHeaders(awsId), address)).statusCode).toBe(200);
  });
});

describe('the address a limit counts by', () => {
  it('is the client address, an IPv6 one by its /64, and "unknown" once the connection has closed', () => {
    expect(addressOf({ ip: '203.0.113.9' })).toBe('203.0.113.9');
    expect(addressOf({ ip: '2001:db8:1:2:3:4:5:6' })).toBe(addressOf({ ip: '2001:db8:1:2:ffff:4:5:6' }));
    expect(addressOf({ ip: undefined as unknown as string })).toBe('unknown');
  });
});
