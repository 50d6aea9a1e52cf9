import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrapResponseSchema } from '../../../server/src/contracts/bootstrap';
import { groups, organizations, users } from '../../../server/src/db/schema';
import { withDescendants } from '../../../server/src/core/scope';
import { createTestApp, requestBootstrap, signIn, type Tokens } from '../helpers/app';

const ST_MARYS = 3;
const RIVERSIDE = 4;

describe('GET /api/bootstrap', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Tokens;
  let manager: Tokens;
  let nurse: Tokens;

  beforeAll(async () => {
    ctx = await createTestApp();
    [admin, manager, nurse] = await Promise.all([
      signIn('admin@demo.health'),
      signIn('manager@demo.health'),
      signIn('nurse@demo.health'),
    ]);
  });
  afterAll(() => ctx.close());

  const bootstrap = (token: string | undefined, username: string) => requestBootstrap(ctx.app, token, username);

  it('answers 401 without a token, with a forged one and with an access token', async () => {
    expect((await bootstrap(undefined, 'admin@demo.health')).statusCode).toBe(401);
    const [head, body] = admin.idToken.split('.');
    const forged = `${head}.${body}.${'A'.repeat(342)}`;
    expect((await bootstrap(forged, 'admin@demo.health')).statusCode).toBe(401);
    expect((await bootstrap(admin.accessToken, 'admin@demo.health')).statusCode).toBe(401);
  });

  it('rejects a bad login type and another user’s name', async () => {
    const badType = await requestBootstrap(ctx.app, admin.idToken, 'admin@demo.health', 'MOBILE');
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toMatch(/querystring/);
    expect((await bootstrap(manager.idToken, 'admin@demo.health')).statusCode).toBe(403);
  });

  it('gives the provider’s employee the whole tree, role and enums', async () => {
    const res = await bootstrap(admin.idToken, 'admin@demo.health');
    expect(res.statusCode).toBe(200);
    const body = bootstrapResponseSchema.parse(res.json());
    expect(body.user.userName).toBe('admin@demo.health');
    expect(body.user.isEmployee).toBe(true);
    expect(body.user.organization.accountType).toBe('LAVO');
    expect(body.user.role.permissions.map((p) => p.subject)).toContain('PERFORMANCE');
    const allOrgs = await ctx.db.select({ id: organizations.id }).from(organizations);
    expect(body.organizations.map((o) => o.id).sort((a, b) => a - b)).toEqual(allOrgs.map((o) => o.id).sort((a, b) => a - b));
    expect(body.users.length).toBeGreaterThanOrEqual(190);
    expect(body.enums.professions.some((p) => p.id === 'OTHER')).toBe(true);
  });

  it('limits a hospital administrator to their hospital’s organizations, groups and users', async () => {
    const res = await bootstrap(manager.idToken, 'manager@demo.health');
    expect(res.statusCode).toBe(200);
    const body = bootstrapResponseSchema.parse(res.json());
    const orgTree = await ctx.db.select({ id: organizations.id, parentId: organizations.parentId }).from(organizations);
    const stMarys = withDescendants(orgTree, [ST_MARYS]);
    const riverside = withDescendants(orgTree, [RIVERSIDE]);

    expect(new Set(body.organizations.map((o) => o.id))).toEqual(stMarys);
    expect(body.groups.length).toBeGreaterThan(0);
    for (const g of body.groups) expect(stMarys.has(g.organizationId)).toBe(true);
    for (const u of body.users) expect(riverside.has(u.organizationId)).toBe(false);

    const riversideUsers = await ctx.db.select({ id: users.id, organizationId: users.organizationId }).from(users);
    const hidden = riversideUsers.filter((u) => riverside.has(u.organizationId)).map((u) => u.id);
    expect(hidden.length).toBeGreaterThan(0);
    expect(body.users.some((u) => hidden.includes(u.id))).toBe(false);
    const riversideGroups = await ctx.db.select({ id: groups.id }).from(groups).where(eq(groups.organizationId, RIVERSIDE));
    expect(body.groups.some((g) => riversideGroups.some((r) => r.id === g.id))).toBe(false);
  });

  it('gives an end user only themselves', async () => {
    const res = await bootstrap(nurse.idToken, 'nurse@demo.health');
    expect(res.statusCode).toBe(200);
    const body = bootstrapResponseSchema.parse(res.json());
    expect(body.organizations).toEqual([]);
    expect(body.groups).toEqual([]);
    expect(body.users.map((u) => u.userName)).toEqual(['nurse@demo.health']);
    expect(body.user.organization.accountType).toBe('BASIC');
    expect(body.user.role.id).toBe(4);
  });
});
