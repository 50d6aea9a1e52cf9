import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_ERROR_BODY_BYTES,
  CLIENT_ERROR_LIMITS,
  clientErrorsResponseSchema,
  type ClientErrorBody,
} from '../../../server/src/contracts/client-errors';
import { PERMISSION_SUBJECTS } from '../../../server/src/contracts/permissions';
import { DEMO_ORG_IDS } from '../../../server/src/db/seed';
import { createClientErrorsService } from '../../../server/src/modules/client-errors/client-errors.service';
import { CLIENT_ERROR_ROUTE_LIMITS } from '../../../server/src/plugins/rate-limits';
import { createTestApp, signIn, userIdOf, type Tokens } from '../helpers/app';
import { createScopedAccount } from '../helpers/scoped-account';

// The app's crash reports (docs/PERMISSIONS.md 'Decisions', docs/SCREENS.md 'Server Logs'): posted
// by any signed-in user (or, before sign-in, by anyone), stored, and read by the provider's
// employees on the Server Logs page.

const crash = (over: Partial<ClientErrorBody> = {}): ClientErrorBody => ({
  kind: 'render',
  release: '0.1.0+test',
  route: '/app/reports/overview',
  message: "Cannot read properties of undefined (reading 'map')",
  stack: 'TypeError: Cannot read properties of undefined\n    at Overview (overview-page.tsx:12:7)\n\tat renderWithHooks',
  userId: null,
  ...over,
});

describe('crash reports', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let nurse: Tokens;
  let nurseId: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, nurse] = await Promise.all([signIn('admin@demo.health'), signIn('nurse@demo.health')]);
    nurseId = await userIdOf(ctx.app, nurse.idToken, 'nurse@demo.health');
  });
  afterAll(() => ctx.close());

  const post = (body: unknown, tokens: Tokens | null, extra: { url?: string; address?: string; headers?: Record<string, string> } = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: extra.url ?? (tokens ? '/api/client-errors' : '/api/client-errors/anonymous'),
      headers: {
        ...(tokens ? { authorization: tokens.idToken } : {}),
        ...(extra.address ? { 'x-forwarded-for': extra.address } : {}),
        ...extra.headers,
      },
      payload: body as object,
    });
  const list = async (tokens: Tokens, query: Record<string, string> = {}) => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/client-errors', query, headers: { authorization: tokens.idToken } });
    expect(res.statusCode, res.body).toBe(200);
    return clientErrorsResponseSchema.parse(res.json());
  };

  it('stores a signed-in user’s crash under their own id and shows it to an employee, newest first', async () => {
    // The body names someone else: the token decides who met the crash.
    const res = await post(crash({ message: 'Nurse crash', userId: nurseId + 1000 }), nurse, { headers: { 'user-agent': 'CrashTest/1.0' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ received: true });
    const before = await post(crash({ kind: 'route', message: 'Earlier crash', stack: null }), nurse);
    expect(before.statusCode).toBe(201);

    const { data } = await list(admin);
    expect(data.map((e) => e.message).slice(0, 2)).toEqual(['Earlier crash', 'Nurse crash']);
    expect(data[1]).toMatchObject({
      kind: 'render',
      release: '0.1.0+test',
      route: '/app/reports/overview',
      stack: crash().stack,
      userId: nurseId,
      userAgent: 'CrashTest/1.0',
    });
    expect(Date.now() - Date.parse(data[1]!.at)).toBeLessThan(60_000);
    expect(data[0]).toMatchObject({ kind: 'route', stack: null, userId: nurseId });
  });

  it('stores a crash posted before sign-in without a user, whatever the body says', async () => {
    expect((await post(crash({ message: 'Sign-in screen crash', userId: 5 }), null)).statusCode).toBe(201);
    const [newest] = (await list(admin)).data;
    expect(newest).toMatchObject({ message: 'Sign-in screen crash', userId: null });
  });

  it('asks for a sign-in on the signed-in route', async () => {
    expect((await post(crash(), null, { url: '/api/client-errors' })).statusCode).toBe(401);
  });

  it('pages newest first by the last id of the previous page', async () => {
    const first = await list(admin, { take: '2' });
    expect(first.data).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    const next = await list(admin, { take: '2', startingAfter: String(first.data[1]!.id) });
    expect(next.data[0]!.id).toBeLessThan(first.data[1]!.id);
    const all = (await list(admin, { take: '100' })).data.map((e) => e.id);
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect([...first.data, ...next.data].map((e) => e.id)).toEqual(all.slice(0, first.data.length + next.data.length));
  });

  it('shows them to the provider’s employees only', async () => {
    const northwind = await createScopedAccount(ctx.db, {
      organizationId: DEMO_ORG_IDS.network,
      subjects: PERMISSION_SUBJECTS,
      groupIds: [],
      managedOrganizationIds: [DEMO_ORG_IDS.network],
      label: 'northwind-errors',
    });
    for (const tokens of [northwind.tokens, nurse, await signIn('manager@demo.health'), await signIn('tech@demo.health')]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/client-errors', headers: { authorization: tokens.idToken } });
      expect(res.statusCode).toBe(403);
    }
  });

  it('refuses malformed and oversized reports with 400 or 413, never 500, and stores none of them', async () => {
    const count = async () => (await list(admin, { take: '100' })).data.length;
    const stored = await count();
    const tooLong = (field: keyof typeof CLIENT_ERROR_LIMITS) => crash({ [field]: 'x'.repeat(CLIENT_ERROR_LIMITS[field] + 1) });
    const bad: [string, unknown][] = [
      ['a message past its limit', tooLong('message')],
      ['a stack past its limit', tooLong('stack')],
      ['a route past its limit', tooLong('route')],
      ['a release past its limit', tooLong('release')],
      ['no message', { ...crash(), message: undefined }],
      ['an empty message', crash({ message: '   ' })],
      ['an unknown kind', { ...crash(), kind: 'oops' }],
      ['an unknown field', { ...crash(), email: 'nurse@demo.health' }],
      ['a NUL in the stack', crash({ stack: 'at x\u0000y' })],
      ['a control character in the message', crash({ message: 'bell \u0007' })],
      ['a lone surrogate', crash({ message: 'broken \ud800' })],
      ['a user id that is no id', crash({ userId: -3 })],
      ['an array', [crash()]],
    ];
    for (const [what, body] of bad) {
      for (const tokens of [nurse, null]) {
        const res = await post(body, tokens);
        expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
        expect(res.json().message, what).toEqual(expect.stringMatching(/\S/));
      }
    }
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      headers: { authorization: nurse.idToken, 'content-type': 'application/json' },
      payload: '{"kind": "render",',
    });
    expect(notJson.statusCode).toBe(400);
    // Far past every field's limit: refused before it is read.
    for (const tokens of [nurse, null]) {
      const huge = await post(crash({ stack: 'x'.repeat(CLIENT_ERROR_BODY_BYTES) }), tokens);
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toMatchObject({ statusCode: 413, message: expect.stringMatching(/\S/) });
    }
    // Every field at its limit, in three-byte characters, still fits the body.
    const widest = crash({
      release: '€'.repeat(CLIENT_ERROR_LIMITS.release),
      route: '€'.repeat(CLIENT_ERROR_LIMITS.route),
      message: '€'.repeat(CLIENT_ERROR_LIMITS.message),
      stack: '€'.repeat(CLIENT_ERROR_LIMITS.stack),
    });
    expect((await post(widest, nurse)).statusCode).toBe(201);
    expect(await count()).toBe(stored + 1);
  });
});

describe('crash report limits', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let nurse: Tokens;
  beforeAll(async () => {
    ctx = await createTestApp();
    nurse = await signIn('nurse@demo.health');
  });
  afterAll(() => ctx.close());

  const limitOf = (url: string) => CLIENT_ERROR_ROUTE_LIMITS.find((l) => l.url === url)!.perAddress;
  const post = (tokens: Tokens | null, address: string) =>
    ctx.app.inject({
      method: 'POST',
      url: tokens ? '/api/client-errors' : '/api/client-errors/anonymous',
      headers: { ...(tokens ? { authorization: tokens.idToken } : {}), 'x-forwarded-for': address },
      payload: crash(),
    });

  it('answers 429 past the limit of one client address, before sign-in sooner, and serves another address', async () => {
    expect(limitOf('/api/client-errors/anonymous')).toBeLessThan(limitOf('/api/client-errors'));
    for (const [tokens, url] of [[null, '/api/client-errors/anonymous'], [nurse, '/api/client-errors']] as const) {
      for (let n = 0; n < limitOf(url); n++) expect((await post(tokens, '198.51.100.7')).statusCode).toBe(201);
      const limited = await post(tokens, '198.51.100.7');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many requests from this address: try again in \d+ seconds$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await post(tokens, '198.51.100.8')).statusCode).toBe(201);
    }
  });

  it('keeps only the newest reports', async () => {
    const service = createClientErrorsService(ctx.db, { keep: 3 });
    for (const message of ['one', 'two', 'three', 'four', 'five']) {
      await service.record(null, { ...crash(), message }, undefined);
    }
    const { data, hasMore } = await service.list({ take: 100 });
    expect(data.map((e) => e.message)).toEqual(['five', 'four', 'three']);
    expect(hasMore).toBe(false);
  });
});
