import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PATHS_PER_LOCATION, PATH_LIMIT_MESSAGE, PATH_POINTS_MESSAGE } from '../../../../server/src/contracts/paths';
import { paths } from '../../../../server/src/db/schema';
import { createTestApp, signIn, type Tokens } from '../../helpers/app';
import { createScopedAccount } from '../../helpers/scoped-account';

// The Path Builder's calls: a location's walking paths, added by a client id that makes a repeat
// harmless, removed by either id, and only ever within the caller's locations.

const ICU_NORTH = 6;
const ICU_SOUTH = 7;
const RIVERSIDE_ICU = 15;
const EMERGENCY = 8;

type TestApp = Awaited<ReturnType<typeof createTestApp>>['app'];

async function call(app: TestApp, tokens: Tokens, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await app.inject({
    method,
    url: `/api/${url}`,
    headers: { authorization: tokens.idToken, ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const segment = (x1: number, y1: number, x2: number, y2: number, clientId = crypto.randomUUID()) => ({
  clientId,
  origin: { x: x1, y: y1 },
  destination: { x: x2, y: y2 },
});

describe('the Path Builder calls', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  /** PATHS, managing ICU – 3 North only. */
  let tech: Tokens;
  /** Managing ICU – 3 North, without PATHS. */
  let nurse: Tokens;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await signIn('admin@demo.health');
    const name = { firstName: 'Pat', lastName: 'Builder' };
    tech = (await createScopedAccount(ctx.db, { subjects: ['PATHS'], groupIds: [ICU_NORTH], organizationId: 2, label: 'paths', name })).tokens;
    nurse = (await createScopedAccount(ctx.db, { subjects: ['COMPLIANCE'], groupIds: [ICU_NORTH], organizationId: 2, label: 'paths-nurse', name })).tokens;
  });
  afterAll(() => ctx.close());

  const stored = async (groupId: number) => (await ctx.db.select({ n: count() }).from(paths).where(eq(paths.groupId, groupId)))[0]!.n;

  it('adds paths and lists them, oldest first, with both points', async () => {
    const a = segment(10, 20, 110, 20);
    const b = segment(110, 20, 110, 140.5);
    expect((await call(ctx.app, tech, 'POST', `groups/${ICU_SOUTH}/add-path`, a)).status).toBe(404);
    const first = await call(ctx.app, tech, 'POST', `groups/${ICU_NORTH}/add-path`, a);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ clientId: a.clientId, origin: { x: 10, y: 20 }, destination: { x: 110, y: 20 } });
    await call(ctx.app, tech, 'POST', `groups/${ICU_NORTH}/add-path`, b);
    const list = await call(ctx.app, tech, 'GET', `devices/paths?groupId=${ICU_NORTH}`);
    expect(list.status).toBe(200);
    const mine = (list.body as { clientId: string; destination: unknown }[]).filter((p) => [a.clientId, b.clientId].some((id) => id === p.clientId));
    expect(mine.map((p) => p.clientId)).toEqual([a.clientId, b.clientId]);
    expect(mine[1]!.destination).toEqual({ x: 110, y: 140.5 });
  });

  it('adds a path once however often its add is sent, with or without the same Idempotency-Key', async () => {
    const before = await stored(ICU_NORTH);
    const path = segment(300, 300, 400, 300);
    const key = crypto.randomUUID();
    const sent = await Promise.all([1, 2, 3].map(() => call(ctx.app, tech, 'POST', `groups/${ICU_NORTH}/add-path`, path)));
    const replayed = await call(ctx.app, tech, 'POST', `groups/${ICU_NORTH}/add-path`, path, { 'idempotency-key': key });
    const again = await call(ctx.app, tech, 'POST', `groups/${ICU_NORTH}/add-path`, path, { 'idempotency-key': key });
    expect(new Set([...sent, replayed, again].map((r) => r.body.id)).size).toBe(1);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await stored(ICU_NORTH)).toBe(before + 1);
  });

  it('removes a path by its id or by its client id, and says when it was already gone', async () => {
    const byId = (await call(ctx.app, tech, 'POST', `groups/${ICU_NORTH}/add-path`, segment(1, 1, 2, 2))).body as { id: number };
    const byClient = segment(5, 5, 9, 9);
    await call(ctx.app, tech, 'POST', `groups/${ICU_NORTH}/add-path`, byClient);
    const before = await stored(ICU_NORTH);
    expect((await call(ctx.app, tech, 'DELETE', `groups/${ICU_NORTH}/remove-path`, { id: byId.id })).body).toEqual({ removed: true });
    expect((await call(ctx.app, tech, 'DELETE', `groups/${ICU_NORTH}/remove-path`, { clientId: byClient.clientId })).body).toEqual({ removed: true });
    expect(await stored(ICU_NORTH)).toBe(before - 2);
    const twice = await call(ctx.app, tech, 'DELETE', `groups/${ICU_NORTH}/remove-path`, { id: byId.id });
    expect([twice.status, twice.body]).toEqual([200, { removed: false }]);
  });

  it('never reaches another location’s paths, nor another organization’s', async () => {
    const theirs = (await call(ctx.app, admin, 'POST', `groups/${RIVERSIDE_ICU}/add-path`, segment(0, 0, 50, 50))).body as { id: number };
    expect((await call(ctx.app, tech, 'GET', `devices/paths?groupId=${RIVERSIDE_ICU}`)).status).toBe(404);
    // The id is the other location's: removing it "at" my location touches nothing.
    expect((await call(ctx.app, tech, 'DELETE', `groups/${ICU_NORTH}/remove-path`, { id: theirs.id })).body).toEqual({ removed: false });
    const denied = await call(ctx.app, tech, 'DELETE', `groups/${RIVERSIDE_ICU}/remove-path`, { id: theirs.id });
    expect(denied.status).toBe(404);
    expect(await stored(RIVERSIDE_ICU)).toBe(1);
    expect((await call(ctx.app, nurse, 'GET', `devices/paths?groupId=${ICU_NORTH}`)).status).toBe(403);
  });

  it.each([
    ['two equal points', segment(4, 4, 4, 4), PATH_POINTS_MESSAGE],
    ['a point off the plan', segment(-1, 4, 40, 4), 'must be on the floor plan'],
    ['a point far past any plan', segment(1, 4, 100_001, 4), 'must be at most 100000'],
    ['a client id that is not a UUID', { ...segment(1, 1, 9, 9), clientId: 'path\u0000one' }, 'must be a UUID'],
    ['an unknown field', { ...segment(1, 1, 9, 9), colour: 'red' }, "unknown field 'colour'"],
    ['text for a number', { ...segment(1, 1, 9, 9), origin: { x: '1', y: 1 } }, 'must be a number'],
  ])('refuses %s with 400 and adds nothing', async (_, body, message) => {
    const before = await stored(ICU_NORTH);
    const res = await call(ctx.app, tech, 'POST', `groups/${ICU_NORTH}/add-path`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await stored(ICU_NORTH)).toBe(before);
  });

  it('refuses a location id past the database’s integers, and a remove that names no path', async () => {
    expect((await call(ctx.app, tech, 'GET', 'devices/paths?groupId=2147483648')).status).toBe(400);
    const res = await call(ctx.app, tech, 'DELETE', `groups/${ICU_NORTH}/remove-path`, { name: 'north' });
    expect(res.status).toBe(400);
  });

  it(`keeps a location to ${MAX_PATHS_PER_LOCATION} paths`, async () => {
    const rows = Array.from({ length: MAX_PATHS_PER_LOCATION }, (_, i) => ({ groupId: EMERGENCY, originX: i, originY: 0, destinationX: i, destinationY: 10 }));
    await ctx.db.insert(paths).values(rows);
    const res = await call(ctx.app, admin, 'POST', `groups/${EMERGENCY}/add-path`, segment(1, 1, 2, 2));
    expect([res.status, res.body.message]).toEqual([400, PATH_LIMIT_MESSAGE]);
    expect(await stored(EMERGENCY)).toBe(MAX_PATHS_PER_LOCATION);
  });
});
