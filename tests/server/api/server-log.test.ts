import Pusher, { type Channel } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_ORGANIZATION_ID } from '../../../server/src/contracts/permissions';
import { SERVER_CHANNEL } from '../../../server/src/contracts/realtime';
import { REDACTED, serverLogBatchSchema, type ServerLogEntry } from '../../../server/src/contracts/server-log';
import { gatewayToken } from '../../../server/src/core/gateway-auth';
import { startPusherServer, type RunningPusherServer } from '../../../server/src/realtime/pusher-server';
import { createTestApp, PUSHER_TEST_APP, signIn, TEST_INGEST_SECRET, userIdOf, type Tokens } from '../helpers/app';
import { createFleet, eventsFor, type Fleet } from '../helpers/fleet';
import { createScopedAccount } from '../helpers/scoped-account';
import { ST_MARYS, staffOf } from '../helpers/staff';
import { subscribe } from '../realtime/helpers';

const SOCKET = '1234.5678';

// The Server Logs page's feed, end to end: a request answered by the API shows up on the private
// server channel as the page's pusher-js receives it.
describe('the live request log on private-server', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let realtime: RunningPusherServer;
  let apiUrl: string;
  let admin: Tokens;
  let adminId: number;
  let fleet: Fleet;
  let client: Pusher;
  const received: ServerLogEntry[] = [];

  beforeAll(async () => {
    realtime = await startPusherServer({ port: 0, apps: [{ id: PUSHER_TEST_APP.appId, key: PUSHER_TEST_APP.key, secret: PUSHER_TEST_APP.secret }] });
    ctx = await createTestApp({ pusherPort: realtime.port, serverLog: { env: 'test', flushMs: 20 } });
    apiUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await signIn('admin@demo.health');
    adminId = await userIdOf(ctx.app, admin.idToken, 'admin@demo.health');
    fleet = await createFleet(ctx.db, 6, [(await staffOf(ctx.db, ST_MARYS))[0]!.id]);
    client = new Pusher(PUSHER_TEST_APP.key, {
      wsHost: '127.0.0.1',
      wsPort: realtime.port,
      forceTLS: false,
      enabledTransports: ['ws'],
      cluster: 'mt1',
      disableStats: true,
      channelAuthorization: { endpoint: `${apiUrl}/api/pusher/auth`, transport: 'ajax', headers: { Authorization: admin.idToken } },
    });
    const channel: Channel = await subscribe(client, SERVER_CHANNEL);
    channel.bind('requests', (data: unknown) => received.push(...serverLogBatchSchema.parse(data).entries));
  }, 240_000);
  afterAll(async () => {
    client?.disconnect();
    await ctx?.close();
    await realtime?.close();
  });

  /** The first entry received that matches, waiting up to 3 s. */
  async function arrival(match: (entry: ServerLogEntry) => boolean): Promise<ServerLogEntry> {
    for (let waited = 0; waited < 3000; waited += 25) {
      const found = received.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`no matching entry among ${received.map((e) => `${e.method} ${e.path}`).join(', ')}`);
  }

  it('publishes a console request with its fields, its caller and its headers, the token redacted', async () => {
    const res = await fetch(`${apiUrl}/api/nfc-tags?groupId=6&search=ab`, {
      headers: { Authorization: admin.idToken, 'User-Agent': 'LogTest/1.0', Cookie: 'session=abc' },
    });
    expect(res.status).toBe(200);
    const entry = await arrival((e) => e.path === '/api/nfc-tags' && e.ua === 'LogTest/1.0');
    expect(entry).toMatchObject({ env: 'test', method: 'GET', status: 200, error: null, source: 'Browsers', events: [], groupIds: [6], userId: adminId });
    expect(JSON.parse(entry.query!)).toMatchObject({ groupId: 6, search: 'ab' });
    expect(entry.headers.authorization).toBe(REDACTED);
    expect(entry.headers.cookie).toBe(REDACTED);
    expect(entry.headers['user-agent']).toBe('LogTest/1.0');
    expect(JSON.stringify(entry)).not.toContain(admin.idToken);
    expect(entry.durationMs).toBeGreaterThan(0);
    expect(Date.parse(entry.at)).toBeLessThanOrEqual(Date.now());
  });

  it('publishes an ingest batch as a gateway’s, with the kinds of events it holds and the gateway’s location', async () => {
    const e = eventsFor(fleet);
    const token = gatewayToken(TEST_INGEST_SECRET, fleet.gateway);
    const events = [
      ...e.visit(fleet.wristbands.keys().next().value!, '2025-09-03T10:00:00Z', '2025-09-03T10:05:00Z'),
      { id: `hb-${Date.now()}`, at: '2025-09-03T10:06:00Z', type: 'heartbeat', device: fleet.gateway, batteryPercent: 80 },
    ];
    const res = await fetch(`${apiUrl}/api/ingest/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-gateway-mac': fleet.gateway, authorization: `Bearer ${token}` },
      body: JSON.stringify({ events }),
    });
    expect(res.status).toBe(200);
    const entry = await arrival((x) => x.path === '/api/ingest/events' && x.status === 200);
    expect(entry).toMatchObject({ method: 'POST', source: 'Gateway', events: ['Location', 'Heart Bits'], groupIds: [6], userId: null, type: 'application/json' });
    expect(entry.headers['x-gateway-mac']).toBe(fleet.gateway);
    expect(entry.headers.authorization).toBe(REDACTED);
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  it('redacts passwords, temporary passwords, tokens and codes of bodies and queries, and keeps a refused request’s error', async () => {
    const res = await fetch(`${apiUrl}/api/pusher/auth?code=654321&token=tok-in-query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: admin.idToken },
      body: JSON.stringify({ socket_id: SOCKET, channel_name: 'private-client-0', password: 'Demo!2345', temporaryPassword: 'Temp!2345', nested: { accessToken: 'abc' } }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const entry = await arrival((x) => x.path === '/api/pusher/auth' && x.status === res.status);
    const text = JSON.stringify(entry);
    for (const secret of ['654321', 'tok-in-query', 'Demo!2345', 'Temp!2345', '"abc"', admin.idToken]) expect(text).not.toContain(secret);
    expect(entry.body).toContain(`"password":"${REDACTED}"`);
    expect(entry.query).toContain(`"code":"${REDACTED}"`);
    expect(entry.error).toBeTruthy();
  });

  it('signs private-server only for the provider’s employees with SERVER_LOGS', async () => {
    const authorize = async (tokens: Tokens) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/pusher/auth',
          headers: { authorization: tokens.idToken },
          payload: { socket_id: SOCKET, channel_name: SERVER_CHANNEL },
        })
      ).statusCode;
    const hospitalAdmin = await createScopedAccount(ctx.db, { subjects: ['SERVER_LOGS'], groupIds: [6], organizationId: ST_MARYS, label: 'logs-pro' });
    const withoutLogs = await createScopedAccount(ctx.db, { subjects: ['PERFORMANCE', 'STATIONS'], groupIds: [6], label: 'logs-none' });
    const employee = await createScopedAccount(ctx.db, { subjects: ['SERVER_LOGS'], groupIds: [], organizationId: PROVIDER_ORGANIZATION_ID, label: 'logs-employee' });
    // The Northwind network is a LAVO account too, but its administrator is no employee of the provider.
    const networkAdmin = await createScopedAccount(ctx.db, { subjects: ['SERVER_LOGS'], groupIds: [], label: 'logs-lavo' });
    expect(await authorize(admin)).toBe(200);
    expect(await authorize(employee.tokens)).toBe(200);
    expect(await authorize(networkAdmin.tokens)).toBe(403);
    expect(await authorize(hospitalAdmin.tokens)).toBe(403);
    expect(await authorize(withoutLogs.tokens)).toBe(403);
    expect(await authorize(await signIn('manager@demo.health'))).toBe(403);
  }, 120_000);
});

describe('the request log with a failing Pusher server', () => {
  it('answers requests as usual', async () => {
    // The test app's Pusher points at a closed port: every publishing call fails.
    const ctx = await createTestApp({ serverLog: { env: 'test', flushMs: 1 } });
    try {
      const admin = await signIn('admin@demo.health');
      for (let i = 0; i < 5; i++) {
        const res = await ctx.app.inject({ method: 'GET', url: '/api/bootstrap', query: { username: 'admin@demo.health', loginType: 'WEB_APP' }, headers: { authorization: admin.idToken } });
        expect(res.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      await ctx.close();
    }
  }, 240_000);
});
